export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

export const PHONE_UA = /iphone|ipod|android.*mobile|windows phone|blackberry|opera mini|mobile/i;
export const TABLET_UA = /ipad|tablet|android(?!.*mobile)|kindle|silk/i;

/** A phone's user agent, and not a tablet's (what deviceClass calls 'mobile' whatever the width). */
export const isPhoneUserAgent = (userAgent: string | undefined): boolean => !!userAgent && PHONE_UA.test(userAgent) && !TABLET_UA.test(userAgent);

/** product-spec.md section 9: phones by user agent; tablets by user agent or 768-1024 px wide; else desktop. */
export function deviceClass(userAgent: string, width: number): DeviceClass {
  if (TABLET_UA.test(userAgent)) return 'tablet';
  if (PHONE_UA.test(userAgent)) return 'mobile';
  if (width >= 768 && width <= 1024) return 'tablet';
  return 'desktop';
}
