import { data } from 'react-router';
import { notFoundMessage } from './error-routing.ts';

/** The 404 page (product §2) for the URL being loaded: 'Page Not Found: {full path}'. */
export function notFound(url: URL): never {
  throw data(notFoundMessage(`${url.pathname}${url.search}`), { status: 404 });
}
