import { useEffect, useState, useSyncExternalStore } from 'react';
import { CallController, type CallControllerOptions } from './call-controller';

/** The call as React sees it: the controller's snapshot and its actions. */
export function useVoiceCall(options: Omit<CallControllerOptions, 'clock'>) {
  const [controller] = useState(() => new CallController(options));
  // The latest callbacks after each render: they may close over newer page state.
  useEffect(() => controller.setOptions(options));
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);

  useEffect(() => {
    controller.attach();
    // Closing or reloading the tab runs no React cleanup: end the call while the page still can.
    window.addEventListener('pagehide', controller.hidePage);
    return () => {
      window.removeEventListener('pagehide', controller.hidePage);
      controller.detach();
    };
  }, [controller]);

  return {
    ...snapshot,
    start: controller.start,
    end: controller.end,
    expire: controller.expire,
    toggleMute: controller.toggleMute,
  };
}
