import { type ApiClient, getReadingSetting, setPrivateReading } from '@manga/api-client';
import { useCallback, useEffect, useState } from 'react';

/**
 * The account's private-reading switch (ADR 044), read once the viewer or the settings mount and
 * changed through the API (the server is what stops recording; the screen says so while it is on).
 */
export function usePrivateReading(api: ApiClient | undefined, isLoggedIn: boolean) {
  const [on, setOn] = useState(false);
  const [deviceName, setDeviceName] = useState('');
  const [known, setKnown] = useState(false);
  useEffect(() => {
    if (!api || !isLoggedIn) return;
    let live = true;
    getReadingSetting(api)
      .then((setting) => {
        if (!live) return;
        setOn(setting.private_reading === 1);
        setDeviceName(setting.device_name);
        setKnown(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, isLoggedIn]);
  const toggle = useCallback(async () => {
    if (!api) return;
    const setting = await setPrivateReading(api, { private_reading: on ? 0 : 1 });
    setOn(setting.private_reading === 1);
  }, [api, on]);
  return { on, known, deviceName, setDeviceName, toggle };
}
