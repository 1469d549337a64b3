/** Where SMS go (design.md section 20): AWS SNS in a region, optionally at another endpoint (tests). */
export interface SnsTarget {
  kind: 'sns';
  region: string;
  /** Another SNS endpoint than AWS's, e.g. a local stand-in; unset: the region's own. */
  endpoint?: string;
}

const REGION = /^[a-z]{2}(-[a-z]+)+-\d$/;
const KNOWN_PARAMETERS = new Set(['region', 'endpoint']);

/** Reads SMS_URL, `sns://?region=ap-south-1[&endpoint=http://127.0.0.1:4566]`; throws saying what is wrong. */
export function parseSmsUrl(text: string): SnsTarget {
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || url.protocol !== 'sns:' || url.host || (url.pathname && url.pathname !== '/' && url.pathname !== '//')) {
    throw new Error(`"${text}" is not an SMS sender such as sns://?region=ap-south-1`);
  }
  for (const name of url.searchParams.keys()) {
    if (!KNOWN_PARAMETERS.has(name)) throw new Error(`"${name}" is not a parameter of SMS_URL (region, endpoint)`);
  }
  const region = url.searchParams.get('region') ?? '';
  if (!REGION.test(region)) throw new Error('SMS_URL needs region=, an AWS region such as ap-south-1');
  const endpoint = url.searchParams.get('endpoint');
  if (endpoint === null) return { kind: 'sns', region };
  const parsed = URL.canParse(endpoint) ? new URL(endpoint) : null;
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash) {
    throw new Error(`SMS_URL's endpoint "${endpoint}" is not an http(s) URL such as http://127.0.0.1:4566`);
  }
  return { kind: 'sns', region, endpoint: `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}` };
}
