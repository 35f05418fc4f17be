import { describe, expect, it } from 'vitest';
import { createApiClient } from '#src/api/client.ts';
import { createWarehouseQueueApi } from '#src/data/warehouse-queue.ts';

/** The print call behind the warehouse's print buttons, over a fake fetch. */
describe('warehouseQueueApi.print', () => {
  it('asks for the orders in the language of the request (not the stored one) and names the file as the server does', async () => {
    const requests: Request[] = [];
    const client = createApiClient({
      baseUrl: 'https://portal.example/api/v3',
      getToken: () => 'token-1',
      getLanguage: () => 'ru',
      fetch: async (request) => {
        requests.push(request);
        return new Response(new Blob(['%PDF-1.7']), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="packing-slips-20261124-2.pdf"',
          },
        });
      },
    });
    const file = await createWarehouseQueueApi(client).print('packing-slips', [12, 14], 'it');
    const [request] = requests;
    expect(new URL(request?.url ?? '').pathname).toBe('/api/v3/orders/print/packing-slips');
    expect(new URL(request?.url ?? '').searchParams.get('ids')).toBe('12,14');
    expect(request?.headers.get('Accept-Language')).toBe('it');
    expect(request?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(file.fileName).toBe('packing-slips-20261124-2.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
  });
});
