/**
 * The landscape's last facet and view, per connection profile, kept in the
 * settings (`workbench.landscape`, merged per profile by main), so "Landscape"
 * opens where the user left it, also after a restart. The profile is the
 * connection's name: a place in one tenant means nothing in another.
 */
import type { LanesClient } from '../bridge/lanes-client.ts';
import { formatRoute } from '../base/routes.ts';

interface LandscapePlace {
  facet: string;
  view?: string;
}

async function currentProfile(client: LanesClient): Promise<string | null> {
  const profiles = await client.request('profiles.list', {});
  return profiles.find((profile) => profile.current)?.name ?? null;
}

/** Remembers where the landscape is now; unchanged places are not written again. */
export async function rememberLandscapePlace(client: LanesClient, place: LandscapePlace): Promise<void> {
  const profile = await currentProfile(client);
  if (!profile) return;
  const settings = await client.request('settings.get', {});
  const known = settings.workbench?.landscape?.[profile];
  if (known?.facet === place.facet && known.view === place.view) return;
  await client.request('settings.update', {
    workbench: {
      landscape: { [profile]: { facet: place.facet, ...(place.view ? { view: place.view } : {}) } },
    },
  });
}

/** Only the first bare landscape of a start returns to the saved place; later ones show the start page (recents). */
let triedThisStart = false;

/**
 * The first "Landscape" without a place after a start: go where this profile
 * was last, replacing the history entry (so Back does not land on the bare
 * landscape and bounce). Within a session the shell's Landscape button
 * returns to the last place itself. True when it moved.
 */
export async function returnToLandscapePlace(
  client: LanesClient,
  stillBare: () => boolean,
): Promise<boolean> {
  if (triedThisStart) return false;
  triedThisStart = true;
  const profile = await currentProfile(client);
  if (!profile) return false;
  const settings = await client.request('settings.get', {});
  const place = settings.workbench?.landscape?.[profile];
  if (!place || !stillBare()) return false;
  location.replace(
    formatRoute({ name: 'browse', facet: place.facet, ...(place.view ? { view: place.view } : {}) }),
  );
  return true;
}
