import { describe, expect, it } from 'vitest';
import { BUILD_ID, buildIdOf } from './build-id';

describe('the build id', () => {
  it("is the entry chunk's hashed name", () => {
    expect(buildIdOf('https://orders.example.in/assets/index-BwTIqVUk.js')).toBe('index-BwTIqVUk');
    expect(buildIdOf('http://localhost:8080/assets/index-A_b-9.js')).toBe('index-A_b-9');
  });

  it('is none for a module the dev server or Node loads', () => {
    expect(buildIdOf('http://localhost:5173/src/lib/build-id.ts')).toBeUndefined();
    expect(buildIdOf('file:///srv/app/dist/.server/render.js')).toBeUndefined();
    expect(BUILD_ID).toBeUndefined();
  });
});
