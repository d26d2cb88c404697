import type { AnyFormResult } from './account-forms.ts';

// The view model of the settings page (/my/setting), shared by its loader, action and screen.

export interface DeviceView {
  key: string;
  name: string;
  platform: number;
  /** The web session to end; 0 for an app installation, which has none. */
  sessionId: number;
  isCurrent: boolean;
}

export interface AccountSettingsData {
  email: string;
  daysSinceCreated: number;
  devices: DeviceView[];
}

/** What the device forms answer: field errors or an API code, or which sessions were ended. */
export type DeviceFormResult =
  | Exclude<AnyFormResult, { status: 'done' }>
  | { status: 'done'; revoked: 'one' | 'others' };
