import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import { pickLocale } from '@manga/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import clientContextPlugin, { parsePlatform } from '#src/plugins/client-context.plugin.ts';
import { ClientAddressResolver } from '#src/services/client-address-resolver.service.ts';

const app = Fastify({ logger: false });
beforeAll(async () => {
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(clientContextPlugin, {
    defaultLocale: 'ja',
    cookiePrefix: 'dev_',
    addresses: new ClientAddressResolver('p'.repeat(43), (a, b) => a === b),
  });
  const echo = async (request: { client: unknown; sentParams: unknown }) => ({
    client: request.client,
    params: request.sentParams,
  });
  app.get('/echo', echo);
  app.post('/echo', echo);
  await app.ready();
});
afterAll(() => app.close());

const get = async (url: string, headers: Record<string, string> = {}) =>
  (await app.inject({ method: 'GET', url, headers })).json();

describe('client context', () => {
  it('takes platform from the parameter, else the x-manga / x-kmanga header, else 3', async () => {
    expect((await get('/echo?platform=2', { 'x-manga-platform': '1' })).client.platform).toBe(2);
    expect((await get('/echo', { 'x-manga-platform': '1' })).client.platform).toBe(1);
    expect((await get('/echo', { 'X-Kmanga-Platform': '2' })).client.platform).toBe(2);
    expect((await get('/echo?platform=9')).client.platform).toBe(3);
    expect((await get('/echo')).client).toMatchObject({ platform: 3, version: '' });
  });

  it('reads the version when sent and treats it as optional', async () => {
    expect((await get('/echo?version=6.0.0')).client.version).toBe('6.0.0');
  });

  it('honours the crawler header in both families', async () => {
    expect((await get('/echo', { 'x-manga-is-crawler': 'true' })).client.isCrawler).toBe(true);
    expect((await get('/echo', { 'x-kmanga-is-crawler': 'true' })).client.isCrawler).toBe(true);
    expect((await get('/echo', { 'x-manga-is-crawler': 'false' })).client.isCrawler).toBe(false);
    // Every crawler header counts: one saying yes is enough, whatever the others say.
    expect((await get('/echo', { 'x-bambi-is-crawler': 'TRUE' })).client.isCrawler).toBe(true);
    expect((await get('/echo', { 'x-manga-is-crawler': 'false', 'x-kmanga-is-crawler': '1' })).client.isCrawler).toBe(
      true,
    );
    expect((await get('/echo', { 'x-manga-is-crawler': 'no' })).client.isCrawler).toBe(false);
    expect((await get('/echo')).client.isCrawler).toBe(false);
  });

  it('picks the locale from lang, then the prefixed locale cookie, then Accept-Language, then the default', async () => {
    expect((await get('/echo?lang=en', { cookie: 'dev_locale=ja' })).client.locale).toBe('en');
    expect((await get('/echo', { cookie: 'dev_locale=en' })).client.locale).toBe('en');
    expect((await get('/echo', { 'accept-language': 'fr-FR, en;q=0.8, ja;q=0.5' })).client.locale).toBe('en');
    expect((await get('/echo', { 'accept-language': 'fr' })).client.locale).toBe('ja');
  });

  it('keeps the parameters exactly as sent, decoded, for the signature', async () => {
    expect((await get('/echo?title_id_list=1%2C%202&a=x&a=y')).params).toEqual({ title_id_list: '1, 2', a: 'x,y' });
    const posted = await app.inject({
      method: 'POST',
      url: '/echo?platform=3',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'episode_id_list=1%2C2&check_point=40',
    });
    expect(posted.json().params).toEqual({ platform: '3', episode_id_list: '1,2', check_point: '40' });
  });
});

describe('parsing helpers', () => {
  it('accepts only known platforms', () => {
    expect([
      parsePlatform('1'),
      parsePlatform('3'),
      parsePlatform('0'),
      parsePlatform('3a'),
      parsePlatform(undefined),
    ]).toEqual([1, 3, undefined, undefined, undefined]);
  });

  it('ranks Accept-Language by quality', () => {
    expect(pickLocale(undefined, 'en;q=0.1, ja-JP;q=0.9', 'en')).toBe('ja');
    expect(pickLocale('de', undefined, 'en')).toBe('en');
  });
});
