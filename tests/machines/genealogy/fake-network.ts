import type { ChildrenRequest, GenealogyNode, GenealogyView } from '#machines/genealogy/genealogy.types.ts';

/**
 * A downline in memory for the genealogy tests: `shape` maps a node id to the number of its children; child ids
 * are `parent * 1000 + n` (n from 1), so ids say where a node sits.
 */
export function fakeNode(id: number, childrenCount: number, level = 0): GenealogyNode {
  return {
    id,
    fullName: `Distributor ${id}`,
    email: `d${id}@example.test`,
    phone: null,
    signingDate: '2024-01-01',
    rank: 'consultant',
    prn: `MD${id}`,
    volumes: { pv: 10, gv: 100, cgv: 1000, pgv: 50 },
    qualifications: [],
    recruits: 0,
    childrenCount,
    level,
    sponsorId: null,
  };
}

export interface FakeNetwork {
  requests: ChildrenRequest[];
  load: (request: ChildrenRequest) => Promise<GenealogyView>;
}

export function fakeNetwork(shape: Record<number, number>, rootId = 1): FakeNetwork {
  const requests: ChildrenRequest[] = [];
  const count = (id: number) => shape[id] ?? 0;
  return {
    requests,
    load: async (request) => {
      requests.push(request);
      const id = request.nodeId ?? rootId;
      const total = count(id);
      const from = (request.page - 1) * request.pageSize;
      const items: GenealogyNode[] = [];
      for (let n = from + 1; n <= Math.min(from + request.pageSize, total); n++) {
        const childId = id * 1000 + n;
        items.push(fakeNode(childId, count(childId)));
      }
      return {
        node: fakeNode(id, total),
        children: { items, page: request.page, pageSize: request.pageSize, total },
      };
    },
  };
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
