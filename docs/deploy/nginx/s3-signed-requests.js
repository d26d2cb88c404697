// nginx njs module (ngx_http_js_module) that signs nginx's own requests to a private S3-compatible
// bucket with AWS Signature Version 4 (ADR 038), so that nginx serves page images straight from the
// object store while the bucket stays private. The same approach as NGINX's own S3 gateway
// (nginxinc/nginx-s3-gateway): a GET with an empty payload, signing `host`, `x-amz-content-sha256`
// and `x-amz-date`. Used by manga-s3.conf:
//
//   js_var $s3_date;                        # the request's signing time, fixed on first use
//   js_set $s3_amz_date s3.amzDate;
//   js_set $s3_authorization s3.authorization;
//   proxy_set_header Authorization $s3_authorization;
//   proxy_set_header x-amz-date $s3_amz_date;
//   proxy_set_header x-amz-content-sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855;
//
// Reads `$s3_host` (the Host the store sees) and `$s3_object` (the path sent: `/<bucket>/<prefix>/<key>`
// path-style, `/<prefix>/<key>` virtual-hosted) from the configuration, and MANGA_S3_REGION,
// MANGA_S3_ACCESS_KEY_ID and MANGA_S3_SECRET_ACCESS_KEY from the environment (`env` lines in
// nginx.conf's main context). The secret never leaves this process.
// biome-ignore lint/style/useNodejsImportProtocol: njs (nginx's JavaScript) names the module 'crypto' only
const crypto = require('crypto');

/** SHA-256 of an empty payload: GETs carry none. */
const EMPTY_PAYLOAD_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const SIGNED_HEADERS = 'host;x-amz-content-sha256;x-amz-date';

/** `YYYYMMDDTHHMMSSZ`, fixed for the request the first time it is asked (both headers agree). */
function amzDate(r) {
  if (!r.variables.s3_date) {
    r.variables.s3_date = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  }
  return r.variables.s3_date;
}

/** RFC 3986 encoding of each path segment, as S3 canonicalises it (slashes kept, never twice). */
function canonicalPath(path) {
  return path
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join('/');
}

function hmac(key, value) {
  return crypto.createHmac('sha256', key).update(value).digest();
}

/** The Authorization header of SigV4 for this request's GET of `$s3_object` from `$s3_host`. */
function authorization(r) {
  const accessKeyId = process.env.MANGA_S3_ACCESS_KEY_ID || '';
  const secret = process.env.MANGA_S3_SECRET_ACCESS_KEY || '';
  const region = process.env.MANGA_S3_REGION || 'us-east-1';
  const host = r.variables.s3_host;
  const path = r.variables.s3_object;
  if (!accessKeyId || !secret || !host || !path) return '';
  const date = amzDate(r);
  const day = date.slice(0, 8);
  const scope = `${day}/${region}/s3/aws4_request`;
  const canonicalRequest = [
    'GET',
    canonicalPath(path),
    '',
    `host:${host}`,
    `x-amz-content-sha256:${EMPTY_PAYLOAD_HASH}`,
    `x-amz-date:${date}`,
    '',
    SIGNED_HEADERS,
    EMPTY_PAYLOAD_HASH,
  ].join('\n');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    date,
    scope,
    crypto.createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request');
  const signature = crypto.createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${scope}, SignedHeaders=${SIGNED_HEADERS}, Signature=${signature}`;
}

export default { authorization, amzDate };
