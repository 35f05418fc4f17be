// Driving the bag page's checkout like a user: every action by its visible label, in the page's language.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../support/fixtures';
import { expectStep, PARTNER, textsOf } from './checkout-support';

export interface CheckoutChoices {
  deliveryType: 'delivery' | 'pickup';
  paymentMethod: 'cash' | 'card';
  courierComment?: string;
  comment?: string;
  /** 0-based index of the pickup point to choose. */
  pickupPoint?: number;
}

export class CheckoutUi {
  private constructor(
    readonly page: Page,
    readonly t: (id: string) => string,
  ) {}

  /** Opens /shopping-bag and waits for the bag. */
  static async open(page: Page, request: APIRequestContext, email = PARTNER): Promise<CheckoutUi> {
    await page.goto('/shopping-bag');
    await expect(page.locator('.bag-lines, .empty-state').first()).toBeVisible({ timeout: 15_000 });
    return new CheckoutUi(page, await textsOf(page, request, email));
  }

  button(name: string) {
    return this.page.getByRole('button', { name: this.t(name), exact: true });
  }

  async start() {
    await this.button('Proceed to checkout').click();
    await expectStep(this.page, 'delivery');
  }

  async next() {
    await this.button('Continue').click();
  }

  async chooseDelivery(type: 'delivery' | 'pickup') {
    const label = type === 'delivery' ? 'Delivery by courier' : 'Pickup at a pickup point';
    await this.page.getByRole('radio', { name: new RegExp(escape(this.t(label))) }).check();
  }

  async choosePayment(method: 'cash' | 'card') {
    const label = method === 'cash' ? 'Cash on receipt' : 'Card online';
    await this.page.getByRole('radio', { name: new RegExp(escape(this.t(label))) }).check();
  }

  async choosePickupPoint(index = 0) {
    await this.page.locator('input[name="pickup-point"]').nth(index).check();
  }

  async fillComments(courierComment: string | undefined, comment: string | undefined) {
    if (courierComment !== undefined) {
      await this.page.getByLabel(this.t('Comment to the courier (optional)')).fill(courierComment);
    }
    if (comment !== undefined) await this.page.getByLabel(this.t('Order comment (optional)')).fill(comment);
  }

  /** From the bag to the review step with these choices (the default address for delivery). */
  async toReview(choices: CheckoutChoices) {
    await this.start();
    await this.chooseDelivery(choices.deliveryType);
    await this.next();
    if (choices.deliveryType === 'delivery') {
      await expectStep(this.page, 'address');
    } else {
      await expectStep(this.page, 'pickupPoint');
      await this.choosePickupPoint(choices.pickupPoint ?? 0);
    }
    await this.next();
    await expectStep(this.page, 'comments');
    await this.fillComments(
      choices.deliveryType === 'delivery' ? choices.courierComment : undefined,
      choices.comment,
    );
    await this.next();
    await expectStep(this.page, 'payment');
    await this.choosePayment(choices.paymentMethod);
    if (choices.paymentMethod === 'card') await this.acceptTerms();
    await this.next();
    await expectStep(this.page, 'review');
  }

  /** Paying by card needs the terms of sale accepted: "Continue" waits for the tick. */
  async acceptTerms() {
    await expect(this.button('Continue')).toBeDisabled();
    await this.page.locator('input[name="accept-terms"]').check();
    await expect(this.button('Continue')).toBeEnabled();
  }

  async submit() {
    await this.button('Place the order').click();
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
