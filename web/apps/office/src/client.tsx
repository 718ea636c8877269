/** The office micro-app's browser entry: mount/hydrate/unmount for the host. */
import { defineRemoteClient } from '@parlay/mf/remote-client.tsx';
import { OfficeApp, type OfficeProps } from './OfficeApp.tsx';

export const { mount, hydrate, unmount } = defineRemoteClient<OfficeProps>('office', (props) => (
  <OfficeApp {...props} />
));
