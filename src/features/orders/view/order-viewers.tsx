import { useLingui } from '@lingui/react/macro';
import { selectUser } from '#machines/auth/auth.selectors.ts';
import { useAuthSelector } from '#src/session/auth-context.tsx';
import { useOrderPresence } from '#src/data/presence.actors.ts';
import { useLocale } from '#src/i18n/i18n.ts';

/** Staff: who else of the warehouse has this order open (the caller is marked as viewing it while here). */
export function OrderViewers({ orderId }: { orderId: number }) {
  const { t } = useLingui();
  const locale = useLocale();
  const selfId = useAuthSelector(selectUser)?.id ?? null;
  const others = useOrderPresence(orderId, selfId);
  const names = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    others.map((viewer) => viewer.name),
  );
  return (
    <p className="order-viewers" role="status" data-viewers={others.length}>
      {others.length === 0
        ? null
        : others.length === 1
          ? t`${names} is viewing this order`
          : t`${names} are viewing this order`}
    </p>
  );
}
