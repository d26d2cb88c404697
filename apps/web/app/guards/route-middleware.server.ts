import {
  AgeGroup,
  ageGroupOf,
  hasLawConsent,
  isValidNonNegativeIntParam,
  isValidTitleIdParam,
  parseBirthday,
  sameOriginReturnTarget,
} from '@manga/contracts';
import { createContext, type MiddlewareFunction, redirect } from 'react-router';
import { env } from '#app/env.server.ts';
import { notFound } from '#app/errors/not-found.server.ts';
import { loginPathFor } from '#app/features/account/account-paths.ts';
import {
  type ParamRule,
  ROUTE_MIDDLEWARE_NAMES,
  type RouteEntry,
  type RouteMiddlewareName,
  type RouteName,
  routeEntry,
} from '#app/route-table.ts';
import { consentExpiry, lawConsentWrites } from '#app/visitor/law-cookies.ts';
import { lawCookiesOf } from '#app/visitor/visitor.ts';
import {
  applyCookieWrites,
  cookieWriteSettings,
  visitorContext,
  visitorOf,
} from '#app/visitor/visitor-context.server.ts';
import { DENIED_PATH, decideNavigation, REDIRECT_PARAM, TOP_PATH } from './navigation-guard.ts';

type Middleware = MiddlewareFunction<Response>;

const PARAM_RULES: Readonly<Record<ParamRule, (value: string) => boolean>> = {
  'title-id': isValidTitleIdParam,
  'non-negative-int': isValidNonNegativeIntParam,
};

/** A route whose parameters break their rules (product §5) shows the 404 page with 'Page Not Found: {full path}'. */
function validateParams(entry: RouteEntry): Middleware {
  return ({ params, url }, next) => {
    for (const [name, rule] of Object.entries(entry.params)) {
      const value = params[name];
      if (value === undefined || !PARAM_RULES[rule](value)) notFound(url);
    }
    return next();
  };
}

/** Applies the product §4 navigation order (guards/navigation-guard.ts) for this route. */
function navigationGuard(entry: RouteEntry): Middleware {
  return async ({ context, url }, next) => {
    const state = visitorOf(context);
    const now = new Date();
    const decision = decideNavigation({
      cookieAuth: env.cookieAuth,
      region: state.visitor.region,
      routeName: entry.name as RouteName,
      target: `${url.pathname}${url.search}`,
      ...lawCookiesOf(state.visitor, env.cookiePrefix),
      isCrawler: state.visitor.isCrawler,
      now,
    });
    switch (decision.kind) {
      case 'redirect':
        throw redirect(decision.to);
      case 'record-default':
        // Recorded in the visitor's cookies only, marked as a default: POST /web/law is a reader's
        // own declaration, which alone may fill an account's birthday (ADR 026).
        applyCookieWrites(
          state,
          lawConsentWrites(decision.birthday, consentExpiry(now), cookieWriteSettings(now), 'default'),
        );
        return next();
      case 'allow':
        return next();
    }
  };
}

/** The numeric ids of a title route, for its loaders (title and viewer middleware). */
export interface TitleRouteIds {
  titleId: number;
  episodeId: number | undefined;
}
export const titleRouteContext = createContext<TitleRouteIds>();

function privateResponse(response: Response): Response {
  response.headers.set('cache-control', 'private, no-store');
  response.headers.append('vary', 'Cookie');
  return response;
}

/** Named route middleware of product §2. */
const ROUTE_MIDDLEWARE: Readonly<Record<RouteMiddlewareName, Middleware>> = {
  // The title page: its (validated) title id, as a number.
  title: ({ params, context }, next) => {
    context.set(titleRouteContext, { titleId: Number(params.titleId), episodeId: undefined });
    return next();
  },
  // The viewer: title and episode ids; its pages depend on entitlement, so nothing is cached. The
  // image tier it chose depends on Save-Data too (ADR 055).
  viewer: async ({ params, context }, next) => {
    context.set(titleRouteContext, { titleId: Number(params.titleId), episodeId: Number(params.episodeId) });
    const response = privateResponse(await next());
    response.headers.append('vary', 'Save-Data');
    return response;
  },
  // /my pages need a login (the uwt cookie): others go to the top page with the login dialog open.
  my: async ({ context, url }, next) => {
    if (!visitorOf(context).visitor.isLoggedIn) {
      throw redirect(loginPathFor(`${url.pathname}${url.search}`));
    }
    // The member shell of /my holds nothing of anyone's (ADR 048): the web server keeps it and marks
    // each answer, with its reader's sections, private.
    if (visitorOf(context).visitor.memberShell) return next();
    return privateResponse(await next());
  },
  // The reading history is the visitor's own: never cached or shared.
  'own-history': async (_args, next) => privateResponse(await next()),
  // Answers that depend on who asks (an episode's comments with the reader's likes, the operator
  // console), including the 404 page a non-operator gets there: never cached or shared.
  private: async (_args, next) => privateResponse(await next()),
  // The gate: a visitor whose age and consent are settled goes on to where they were going.
  'age-check': ({ context, url }, next) => {
    const { visitor } = context.get(visitorContext);
    const law = lawCookiesOf(visitor, env.cookiePrefix);
    const now = new Date();
    // A default the site recorded is no declared age: the gate stays open to declare one (ADR 026).
    const birthday = law.birthdayIsDefault ? undefined : parseBirthday(law.birthday, now);
    if (birthday && ageGroupOf(birthday, now) === AgeGroup.Impossible) throw redirect(DENIED_PATH);
    if (birthday && hasLawConsent({ ...law, birthday }, now)) {
      throw redirect(sameOriginReturnTarget(url.searchParams.get(REDIRECT_PARAM)) ?? TOP_PATH);
    }
    return next();
  },
};

/** The middleware functions of the named route middleware; an unknown name throws. */
export function resolveRouteMiddleware(names: readonly string[]): Middleware[] {
  return names.map((name) => {
    if (!(ROUTE_MIDDLEWARE_NAMES as readonly string[]).includes(name)) {
      throw new Error(`Unknown route middleware "${name}"`);
    }
    return ROUTE_MIDDLEWARE[name as RouteMiddlewareName];
  });
}

/**
 * Everything a route runs before its loader, in order: parameter validation (404), the
 * navigation guard (product §4), then its named middleware (product §2). Every route module exports
 * `middleware = routeMiddleware('<route name>')`.
 */
export function routeMiddleware(name: RouteName): Middleware[] {
  const entry = routeEntry(name);
  return [validateParams(entry), navigationGuard(entry), ...resolveRouteMiddleware(entry.middleware)];
}
