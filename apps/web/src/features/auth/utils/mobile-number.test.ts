import { describe, expect, it } from 'vitest';
import { readMobile } from './mobile-number';

// The page's first look at a number: what people type is read, what is plainly no mobile
// number is caught before any request; the API's schema judges the rest.

describe('a typed mobile number', () => {
  it.each([
    ['98200 00002', '+919820000002'],
    ['9820000002', '+919820000002'],
    ['098200-00002', '+919820000002'],
    ['91 98200 00002', '+919820000002'],
    ['+91 98200 00002', '+919820000002'],
    ['+91 (98200) 00002', '+919820000002'],
    ['0091 98200 00002', '+919820000002'],
    ['  ९८२०० ००००२ ', '+919820000002'],
  ])('reads %j as an Indian mobile, shown as +91 98200 00002', (typed, phone) => {
    expect(readMobile(typed)).toEqual({ phone, display: '+91 98200 00002' });
  });

  it('leaves another country’s number, written with its +CC, to the API', () => {
    expect(readMobile('+44 7700 900123')).toEqual({ phone: '+447700900123', display: '+44 7700 900123' });
  });

  it.each(['', '12345', '98200 0000', '982000000021', '5820000002', '+91 58200 00002', '98200 00002 ext 5', 'nine eight', '+1 23', '9820000002a'])(
    'catches %j, which is plainly no mobile number',
    (typed) => {
      expect(readMobile(typed)).toBeNull();
    },
  );
});
