// The checkout (docs/adr/0029-checkout.md) replaces the bag one step at a time (step 1 on screen right after
// "Checkout" on a phone), the browser's Back and Forward walk its steps without losing what was typed, and
// after placing the order a summary comes first, then the bag is empty again. A downline distributor of its
// own keeps the other checkout tests' bag apart.
import { test, expect, API_PREFIX, bearer, cachedToken, startSession } from '../support/fixtures';
import { CheckoutUi } from './checkout-ui';
import { expectStep, fillBag, PARTNER } from './checkout-support';

test.use({ viewport: { width: 390, height: 844 } });

test('a focused checkout: step 1 in view, Back/Forward keep the input, a summary, then an empty bag', async ({
  page,
  request,
  expectNoAxeViolations,
}) => {
  const partnerToken = await cachedToken(request, PARTNER);
  const network = await request.get(`${API_PREFIX}/users/my-network`, { headers: bearer(partnerToken) });
  const children = ((await network.json()) as { children: { items: Array<{ email: string }> } }).children
    .items;
  // Not the unconfirmed account, not the last one (the language test signs in as that one).
  const email = children
    .slice(0, -1)
    .map((child) => child.email)
    .filter((candidate) => candidate !== 'unconfirmed@demo.test')
    .at(-1);
  if (email === undefined)
    throw new Error('the demo partner has fewer than two distributors in the first line');
  await fillBag(request, email, 2);
  await startSession(page, request, email);

  const ui = await CheckoutUi.open(page, request, email);
  await ui.start();
  // The step replaces the bag: its heading and first choice are on screen without scrolling.
  const heading = page.getByRole('heading', {
    level: 2,
    name: new RegExp(`^${ui.t('Step {0} of {1}: {2}').split('{0}')[0]}1`),
  });
  await expect(heading).toBeInViewport();
  await expect(page.getByRole('radio').first()).toBeInViewport();
  await expect(page.getByRole('heading', { name: ui.t('Products in the bag') })).toHaveCount(0);
  await expect(page.getByRole('list', { name: ui.t('Checkout steps') })).toBeVisible();
  await expectNoAxeViolations(page);

  await ui.chooseDelivery('pickup');
  await ui.next();
  await expectStep(page, 'pickupPoint');
  await ui.choosePickupPoint(0);
  await ui.next();
  await expectStep(page, 'comments');
  await ui.fillComments(undefined, 'Please call before');
  await ui.next();
  await expectStep(page, 'payment');
  await ui.choosePayment('cash');

  // The browser's Back: the comments step, with the comment still there; Forward: the payment, still chosen.
  await page.goBack();
  await expectStep(page, 'comments');
  await expect(page.getByLabel(ui.t('Order comment (optional)'))).toHaveValue('Please call before');
  await page.goForward();
  await expectStep(page, 'payment');
  await expect(page.getByRole('radio', { name: new RegExp(ui.t('Cash on receipt')) })).toBeChecked();
  await ui.next();
  await expectStep(page, 'review');
  await ui.submit();

  // The summary: the number, what was ordered, the next step.
  const placed = page.getByTestId('order-placed');
  await expect(placed).toBeVisible({ timeout: 15_000 });
  await expect(placed.getByRole('heading', { name: ui.t('What you ordered') })).toBeVisible();
  await expect(placed.getByRole('listitem')).toHaveCount(2);
  await expect(placed.getByRole('link', { name: ui.t('View the order') })).toBeVisible();
  await expectNoAxeViolations(page);
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits).toBe(true);

  // Then the bag is the bag again: empty.
  await page.goto('/shopping-bag');
  await expect(page.getByRole('heading', { name: ui.t('Your bag is empty') })).toBeVisible();
});
