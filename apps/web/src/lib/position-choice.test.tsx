// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { render } from '@testing-library/react';
import { setPositionChoice, setServerPositionChoice, usePositionChoice } from './position-choice';

// The driver's answer to the position question lives on the device; the web host sees a copy
// in a cookie, so its render of the start page draws the question as the app will (decision 091).

// An emptied cookie counts as none (happy-dom keeps it, empty, where a browser drops it).
const cookieCopy = () => /(?:^|; )position_choice=([^;]*)/.exec(document.cookie)?.[1] || null;

function Choice() {
  return <>{usePositionChoice()}</>;
}

describe('the position answer’s copy for the web host', () => {
  afterEach(() => {
    setPositionChoice('ask');
    localStorage.clear();
    setServerPositionChoice('unknown');
  });

  it('follows each answer, and goes when the answer is forgotten', () => {
    setPositionChoice('use');
    expect(cookieCopy()).toBe('use');
    setPositionChoice('not-now');
    expect(cookieCopy()).toBe('not-now');
    setPositionChoice('ask');
    expect(cookieCopy()).toBeNull();
  });

  it('is written by a screen that reads an answer kept before the copy existed', () => {
    localStorage.setItem('position.choice', 'not-now');
    expect(cookieCopy()).toBeNull();
    render(<Choice />).unmount();
    expect(cookieCopy()).toBe('not-now');
  });

  it('is what a render on the server draws with, and nothing is assumed elsewhere', () => {
    expect(renderToString(<Choice />)).toBe('unknown');
    setServerPositionChoice('ask');
    expect(renderToString(<Choice />)).toBe('ask');
  });
});
