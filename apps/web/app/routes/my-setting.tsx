import { loadAccountSettings, submitDeviceForm } from '#app/features/account/settings.server.ts';
import { SettingsScreen } from '#app/features/account/settings-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/my-setting';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my-setting');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadAccountSettings(request, context, url);
}

export function action({ request, context, url }: Route.ActionArgs) {
  return submitDeviceForm(request, context, url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.my-setting.title');

/** Account information (product §2 my page): e-mail, password, devices, privacy, history, logout. */
export default function MySettingPage({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsScreen settings={loaderData} result={actionData} />;
}
