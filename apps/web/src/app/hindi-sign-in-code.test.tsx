// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhoneSignInForm } from '@/features/auth/components/phone-sign-in-form';
import { changeLanguage } from '@/lib/language';
import { fakeApi, renderApp } from '@/test/render';
import { registerLanguagePacks } from './language-packs';

// Sign-in with a code by SMS in Hindi: the page's texts, a Hindi keyboard's digits, and the
// API's English answers shown in Hindi where they belong (the 202's word, a wrong code at its field).

registerLanguagePacks();

const WRONG = 'The code is not right. Check the SMS and try again.';

describe('sign-in with a code by SMS in Hindi', () => {
  beforeAll(() => changeLanguage('hi', { remember: false }));
  afterAll(() => changeLanguage('en', { remember: false }));

  it('speaks Hindi, the API’s messages at their field too', async () => {
    const server = fakeApi({
      'POST /auth/otp/request': { status: 202, body: { detail: 'If this number belongs to an account, we have sent it a sign-in code by SMS.' } },
      'POST /auth/otp/verify': { status: 400, body: { detail: `code: ${WRONG}`, errors: { code: [WRONG] } } },
    });
    renderApp(<PhoneSignInForm passwordHref="/Login" />, { route: '/Login?with=phone' });
    expect(screen.getByRole('heading', { name: 'मोबाइल नंबर से साइन इन करें' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^मोबाइल नंबर/ }), { target: { value: '९८२०० ००००२' } });
    fireEvent.click(screen.getByRole('button', { name: 'कोड भेजें' }));
    await screen.findByText('हमने +91 98200 00002 पर जो 6 अंकों का कोड भेजा है, वह लिखें');
    expect(screen.getByRole('status').textContent).toBe('अगर यह नंबर किसी खाते का है, तो उस पर SMS से साइन-इन कोड भेज दिया गया है।');
    expect(screen.getByRole('button', { name: /^30 सेकंड बाद नया कोड भेजें/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'इसके बजाय पासवर्ड से साइन इन करें' })).toBeTruthy();

    const code = screen.getByRole('textbox', { name: /^SMS में आया कोड/ });
    fireEvent.change(code, { target: { value: '१२३४५६' } });
    fireEvent.click(screen.getByRole('button', { name: 'साइन इन करें' }));
    await waitFor(() => expect(document.getElementById(code.getAttribute('aria-describedby') ?? '')?.textContent).toBe('कोड सही नहीं है। SMS देखकर फिर कोशिश करें।'));
    // A Hindi keyboard's digits go as the API reads them.
    expect(await server.requests.at(-1)!.clone().json()).toEqual({ phone: '+919820000002', code: '123456' });
  });
});
