// nginx njs module (ngx_http_js_module) checking the API's signed page-image URLs (ADR 020), so that
// nginx serves page derivatives straight from the storage directory with the same URLs the API
// hands out: `/images/<key>?expires=<unix seconds>&sig=<HMAC-SHA256(secret, "<key>:<expires>"),
// base64url>`, refused after `expires` and when `expires` lies further ahead than the TTL (plus 60 s
// of clock skew), as MediaUrlSigner.verify does. Needs `env MANGA_IMAGE_URL_SECRET;` and
// `env MANGA_IMAGE_URL_TTL_SECONDS;` in nginx.conf's main context.
// biome-ignore lint/style/useNodejsImportProtocol: njs (nginx's JavaScript) names the module 'crypto' only
const crypto = require('crypto');

const SKEW_SECONDS = 60;
const KEY_START = '/images/'.length;
const EXPIRES = /^\d{1,12}$/;

/**
 * Whether two signatures are equal, in time that tells an attacker nothing: each is first passed
 * through the HMAC again, so the comparison runs on values no one can steer byte by byte (double
 * HMAC verification). A character loop in njs's interpreter costs a third of the check (ADR 088).
 */
function sameSignature(secret, a, b) {
  const blind = (text) => crypto.createHmac('sha256', secret).update(text).digest('base64url');
  return blind(a) === blind(b);
}

/** '1' when the request's URL is a valid, unexpired signed URL of its key, else '0'. */
function verify(r) {
  const secret = process.env.MANGA_IMAGE_URL_SECRET || '';
  const ttl = Number(process.env.MANGA_IMAGE_URL_TTL_SECONDS || 1800);
  const expires = r.args.expires || '';
  const sig = r.args.sig || '';
  if (secret.length < 16 || !EXPIRES.test(expires) || sig === '') return '0';
  const now = Math.floor(Date.now() / 1000);
  const at = Number(expires);
  if (at <= now || at > now + ttl + SKEW_SECONDS) return '0';
  const key = r.uri.slice(KEY_START);
  const expected = crypto.createHmac('sha256', secret).update(`${key}:${expires}`).digest('base64url');
  return sameSignature(secret, expected, sig) ? '1' : '0';
}

export default { verify };
