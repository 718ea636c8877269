/** The sports micro-app's browser entry: mount/hydrate/unmount for the host. */
import { defineRemoteClient } from '@parlay/mf/remote-client.tsx';
import type { AreaProps } from '@parlay/shell/routing/area-page.ts';
import type { SportsProps } from './props.ts';
import { SportsApp } from './SportsApp.tsx';
import { SportsArea } from './SportsArea.tsx';

export const { mount, hydrate, unmount } = defineRemoteClient<SportsProps | AreaProps>('sports', (props) =>
  'frame' in props ? <SportsArea {...props} /> : <SportsApp {...props} />,
);
