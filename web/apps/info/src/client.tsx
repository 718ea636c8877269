/** The information micro-app's browser entry: mount/hydrate/unmount for the host. */
import { defineRemoteClient } from '@parlay/mf/remote-client.tsx';
import { InfoApp, type InfoProps } from './InfoApp.tsx';

export const { mount, hydrate, unmount } = defineRemoteClient<InfoProps>('info', (props) => (
  <InfoApp {...props} />
));
