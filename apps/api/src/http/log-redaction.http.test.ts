import { describe, expect, it } from 'vitest';
import { isSensitiveName, redactUrl } from '#src/http/log-redaction.http.ts';

describe('redactUrl', () => {
  it('hides secret and personal values, keeping the rest', () => {
    expect(redactUrl('/user?user_id=7&hash_key=k&Token=t&email=a%40b.test&sig=s&uwt=u&episode_id=3')).toBe(
      '/user?user_id=7&hash_key=[redacted]&Token=[redacted]&email=[redacted]&sig=[redacted]&uwt=[redacted]&episode_id=3',
    );
  });

  it('compares names after decoding', () => {
    expect(redactUrl('/x?%74oken=t&new%5Fpassword=p')).toBe('/x?token=[redacted]&new_password=[redacted]');
  });

  it('leaves a URL without a query alone', () => {
    expect(redactUrl('/web/top')).toBe('/web/top');
  });
});

describe('isSensitiveName', () => {
  it.each(['password', 'current_password', 'x-manga-proxy-secret', 'TOKEN', 'hash_key', 'new_email'])('%s', (name) =>
    expect(isSensitiveName(name)).toBe(true),
  );
  it.each(['user_id', 'episode_id', 'signature_mode'])('not %s', (name) => expect(isSensitiveName(name)).toBe(false));
});
