import { describe, expect, it } from 'vitest';
import { answerResponse } from './batching-fetch.ts';

describe('answerResponse', () => {
  const headers = () =>
    new Headers([
      ['content-type', 'application/json'],
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
    ]);
  const text = '{"status":"success","name":"漫画 \\u2028"}';

  it('answers as a fetch would: status, every header, the body by each way of reading it', async () => {
    const response = answerResponse(201, text, headers());
    expect(response).toBeInstanceOf(Response);
    expect([response.status, response.ok]).toEqual([201, true]);
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.text()).toBe(text);
    expect(await response.json()).toEqual(JSON.parse(text));
    expect(new TextDecoder().decode(await response.arrayBuffer())).toBe(text);
    expect(await new Response(response.body).text()).toBe(text);
    expect(await (await response.blob()).text()).toBe(text);
    const copy = response.clone();
    expect([copy.status, await copy.text(), copy.headers.get('content-type')]).toEqual([201, text, 'application/json']);
  });

  it('refuses JSON that is not, as a promise rejected', async () => {
    await expect(answerResponse(200, '<html>', headers()).json()).rejects.toThrow(SyntaxError);
  });

  it('drops the body of a status that has none', async () => {
    const response = answerResponse(304, 'ignored', headers());
    expect([response.status, await response.text(), response.body]).toEqual([304, '', null]);
  });
});
