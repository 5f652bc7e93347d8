/**
 * The app's own command-line switches (`npm start -- --demo`). Electron and
 * Chromium add switches of their own to argv; anything not ours is ignored.
 */
interface LaunchFlags {
  /** Start the demo tenant at launch and connect to it. */
  demo: boolean;
}

export function parseLaunchFlags(argv: readonly string[]): LaunchFlags {
  // Stop at "--": what follows is not for Lanes.
  const end = argv.indexOf('--');
  const ours = end === -1 ? argv : argv.slice(0, end);
  return { demo: ours.includes('--demo') };
}
