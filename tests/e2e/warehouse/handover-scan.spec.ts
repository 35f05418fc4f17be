// The "Scan the QR code" button of the hand-over dialog. This Chromium has neither a camera nor `BarcodeDetector`,
// so the two browser APIs are replaced before the page loads: `getUserMedia` answers a canvas's stream and
// `BarcodeDetector.detect` reports the code once the video plays. What is tested is the page's wiring (feature
// detection shows the button, the camera starts, the detected text fills the field, the machine and the server hand
// the order over); the QR decoding itself is the browser's.
import { tr } from '../shell/shell-support';
import { expect, test } from '../support/fixtures';
import { handoverCodeOf, handoverDialog } from './handover-support';
import {
  WAREHOUSE_STAFF,
  apiStatus,
  contextAs,
  createOrder,
  distributorFor,
  openOrder,
  warehouseOrderPath,
} from './order-support';

test('scanning the QR code fills the handover code where BarcodeDetector exists', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order } = await createOrder(request, distributor, {
    paymentMethod: 'cash',
    deliveryType: 'pickup',
    quantities: [1],
    productOffset: 4,
  });
  for (const status of ['checking', 'confirmed', 'prepared', 'ready']) {
    await apiStatus(request, WAREHOUSE_STAFF, order.id, status);
  }
  await apiStatus(request, distributor, order.id, 'pickup_requested');
  const code = await handoverCodeOf(request, distributor, order.id);

  const staff = await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage();
  await staff.addInitScript((scanned: string) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    // A stream whose canvas is never drawn has no frames, and the video never starts playing.
    const painter = canvas.getContext('2d');
    setInterval(() => painter?.fillRect(0, 0, 64, 64), 50);
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: async () => canvas.captureStream(1) },
    });
    class FakeBarcodeDetector {
      async detect(source: HTMLVideoElement) {
        return source.srcObject === null ? [] : [{ rawValue: scanned }];
      }
    }
    Object.defineProperty(window, 'BarcodeDetector', { configurable: true, value: FakeBarcodeDetector });
  }, code);
  await openOrder(staff, warehouseOrderPath(order.id));
  await staff.getByRole('button', { name: tr('ru', 'Hand over'), exact: true }).click();
  const dialog = handoverDialog(staff, order.number);
  const field = dialog.getByRole('textbox', { name: tr('ru', 'Handover code (6 digits)') });
  await expect(field).toHaveValue('');
  await dialog.getByRole('button', { name: tr('ru', 'Scan the QR code') }).click();
  await expect(field).toHaveValue(code);
  await expect(dialog.getByRole('button', { name: tr('ru', 'Scan the QR code') })).toBeVisible();
  await dialog.getByRole('button', { name: tr('ru', 'Hand over'), exact: true }).click();
  await expect(staff.locator('.order-detail')).toHaveAttribute('data-order-status', 'received');
});
