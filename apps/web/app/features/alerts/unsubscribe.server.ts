import { readUnsubscribe, responseCodeOf, unsubscribe } from '@manga/api-client';
import { ResponseCode } from '@manga/contracts';
import { data, type RouterContextProvider } from 'react-router';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { UnsubscribeData } from './unsubscribe.ts';

// The alert mail's unsubscribe link (ADR 065): GET shows whose mail it stops and a button; POST
// stops it, from that button or straight from a mail client (RFC 8058 one-click: the same URL,
// body `List-Unsubscribe=One-Click`, no cookie). The signed token is the only credential.

type Context = Readonly<RouterContextProvider>;

const invalid = () => data<UnsubscribeData>({ state: 'invalid' }, { status: 400 });

async function answer(run: () => Promise<UnsubscribeData>) {
  try {
    return data(await run());
  } catch (error) {
    if (responseCodeOf(error) === ResponseCode.InvalidParameter) return invalid();
    throw error;
  }
}

export function loadUnsubscribe(request: Request, context: Context, url: URL) {
  const token = url.searchParams.get('token') ?? '';
  if (!token) return invalid();
  return answer(async () => {
    const read = await readUnsubscribe(apiFor(request, context), { token });
    return { state: 'confirm', email: read.email, subscribed: read.chapter_alert_mail === 1 };
  });
}

export function submitUnsubscribe(request: Request, context: Context, url: URL) {
  const token = url.searchParams.get('token') ?? '';
  if (!token) return invalid();
  return answer(async () => {
    const done = await unsubscribe(apiFor(request, context), { token });
    return { state: 'done', email: done.email };
  });
}
