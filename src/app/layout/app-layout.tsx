import { Outlet } from 'react-router-dom';
import { ConnectedHeader } from './connected-header.tsx';
import { PageFrame } from './page-frame.tsx';

/** The logged-in layout (spec section 2): header with the role's navigation, then the screen. */
export function AppLayout() {
  return (
    <PageFrame header={<ConnectedHeader />}>
      <Outlet />
    </PageFrame>
  );
}
