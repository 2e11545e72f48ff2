import { execFile } from 'node:child_process';

// The first Intl.DateTimeFormat a process makes maps ICU's date formatting data in (about 7 MB
// resident, for good). A server that only chats needs it for one string, the owner's zone's name
// in the clone's knowledge: a short-lived child process names the zone at start, so that memory
// comes only with the first booking (date-fns' time zones use Intl too).
const namesLearnt = new Map<string, string>();

/** "Eastern Time" for America/New_York; the zone's id when the runtime has no name for it. */
export function describeTimeZone(timeZone: string): string {
  return namesLearnt.get(timeZone) ?? nameTimeZone(timeZone);
}

// Self-contained (the child runs its source): only Intl, no imports.
function nameTimeZone(timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')?.value;
  return name && !name.startsWith('GMT') ? name : timeZone;
}

/**
 * Names `timeZone` in a child process, for describeTimeZone to answer from then on. Never
 * fails: if the child cannot answer in time, describeTimeZone names the zone itself.
 */
export function learnTimeZoneName(timeZone: string, timeoutMs = 5_000): Promise<void> {
  const source = `process.stdout.write((${nameTimeZone.toString()})(process.argv[1]))`;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--eval', source, timeZone],
      { timeout: timeoutMs, windowsHide: true },
      (error, stdout) => {
        if (!error && stdout) namesLearnt.set(timeZone, stdout);
        resolve();
      },
    );
  });
}
