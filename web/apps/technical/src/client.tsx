/** The technical micro-app's browser entry: mount/hydrate/unmount for the host. */
import { defineRemoteClient } from '@parlay/mf/remote-client.tsx';
import { TechnicalApp, type TechnicalProps } from './TechnicalApp.tsx';

export const { mount, hydrate, unmount } = defineRemoteClient<TechnicalProps>('technical', (props) => (
  <TechnicalApp {...props} />
));
