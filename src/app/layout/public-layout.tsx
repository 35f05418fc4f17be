import { Outlet } from 'react-router-dom';
import { ConnectedHeader } from './connected-header.tsx';
import { PageFrame } from './page-frame.tsx';

/**
 * The frame of the public pages (login, password recovery, payment results, not found): the same header,
 * with the navigation when the visitor happens to be logged in, and a narrow column; `wide` for a distributor's
 * storefront, whose catalogue takes the whole container.
 */
export function PublicLayout({ wide = false }: { wide?: boolean }) {
  return (
    <PageFrame narrow={!wide} header={<ConnectedHeader />}>
      <Outlet />
    </PageFrame>
  );
}
