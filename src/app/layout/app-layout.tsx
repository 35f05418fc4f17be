import { RoleOutlet } from '../auth/guards.tsx';
import { ConnectedHeader } from './connected-header.tsx';
import { PageFrame } from './page-frame.tsx';

/** The logged-in layout (spec section 2): header with the role's navigation, then the screen
 * (or "Not available for your account" when the role may not use it). */
export function AppLayout() {
  return (
    <PageFrame header={<ConnectedHeader />}>
      <RoleOutlet />
    </PageFrame>
  );
}
