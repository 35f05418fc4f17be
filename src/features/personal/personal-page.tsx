import { useLingui } from '@lingui/react/macro';
import { selectIsDistributor } from '#machines/auth/auth.selectors.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { Skeleton, Spinner } from '../../ui/spinner.tsx';
import { CardGrid } from '../../ui/card-grid.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { AccountSection } from './account-section.tsx';
import { AddressBookSection } from './address-book-section.tsx';
import { InviteSection } from './invite-section.tsx';
import { MessagesSection } from './messages-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { ShopBanner } from './shop-banner.tsx';
import { useMe } from '../../data/account.ts';
import { useAuthSelector } from '../../session/auth-context.tsx';
import '../../ui/business.css';
import '../../ui/auth-form.css';
import '../../ui/forms/personal.css';
import { failureKind } from '../../data/failure-kind.ts';

/**
 * Personal data (`/personal`, where a USER lands): profile, e-mail state and language, a distributor's invitation
 * link, the address book, the password change, signing out on all devices, and the messages (what comes by e-mail
 * and as notifications). Each workflow is its own small machine (`machines/personal/`).
 */
export default function PersonalPage() {
  const { t } = useLingui();
  const me = useMe();
  // The invitation card is a distributor's (partner, partner_warehouse): only they have a line to invite into.
  const isDistributor = useAuthSelector(selectIsDistributor);
  let body;
  if (me.isPending)
    body = (
      <CardGrid busy>
        <Spinner label={t`Loading your data…`} />
        <div className="dash-card card-span-6 card-span-mid-1">
          <Skeleton lines={4} />
        </div>
        <div className="dash-card card-span-6 card-span-mid-1">
          <Skeleton lines={4} />
        </div>
      </CardGrid>
    );
  else if (me.isError) body = <QueryFailure kind={failureKind(me.error)} onRetry={() => void me.refetch()} />;
  else
    body = (
      <CardGrid>
        <ProfileSection me={me.data} />
        <AccountSection me={me.data} />
        {isDistributor ? <InviteSection me={me.data} /> : null}
        <AddressBookSection />
        <PasswordSection userInputs={[me.data.email, me.data.fullName]} />
        <SessionsSection />
        <MessagesSection />
      </CardGrid>
    );
  return (
    <>
      <PageHeader title={t`Personal data`} subtitle={me.data?.fullName} />
      {me.data?.shop == null ? null : <ShopBanner shop={me.data.shop} />}
      {body}
    </>
  );
}
