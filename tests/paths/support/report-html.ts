import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { transitionKey } from './run-path';
import { type Level, type PathSuite, suiteModel } from './suite';

/**
 * The HTML report of `npm run paths` (`.tmp/paths-report/index.html`, plus `summary.json`): per machine and level,
 * the figures, a chart drawn from the machine's own definition (every state node, every transition; walked ones
 * solid green, unwalked ones dashed red and listed with the reason), and the paths run with their replay commands.
 * The chart is a self-contained SVG laid out here: state nodes in columns by their distance from the initial
 * state (transitions and parent → child both count), ordered within a column by their predecessors' rows.
 */

export interface RunRecord {
  id: string;
  status: 'passed' | 'failed' | 'not run';
  ms: number;
  error?: string;
  /** Playwright trace kept for a browser/API path (relative to the repository). */
  trace?: string;
}

export interface LevelCoverage {
  level: Level;
  states: { covered: string[]; total: number };
  transitions: { covered: string[]; total: number };
  /** Unwalked transition → why the level cannot walk it. */
  reasons: Record<string, string>;
  /** Unwalked transitions without a reason (a coverage gap). */
  gaps: string[];
  records: RunRecord[];
  /** Why the machine has no such level (nothing was run). */
  notAtLevel: string | null;
}

export interface ReportData {
  generatedAt: string;
  command: string;
  machines: Array<{ suite: PathSuite; coverage: LevelCoverage[] }>;
  /** Machine files of machines/ that have no suite (the run fails for them). */
  withoutSuite: string[];
  problems: string[];
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

interface ChartEdge {
  key: string;
  event: string;
  from: string;
  to: string;
}

function chartOf(machine: AnyStateMachine) {
  const nodes = getStateNodes(machine.root).filter((node) => node !== machine.root);
  const byId = new Map<string, AnyStateNode>(nodes.map((node) => [node.id, node]));
  const edges: ChartEdge[] = [];
  for (const node of nodes) {
    const transitions = [...Object.values(node.on).flat(), ...(node.always ?? [])];
    for (const transition of transitions) {
      const key = transitionKey(transition);
      const event = transition.eventType === '' ? '(always)' : transition.eventType;
      const targets = transition.target?.map((target) => target.id) ?? [node.id];
      for (const to of targets) if (byId.has(to)) edges.push({ key, event, from: node.id, to });
    }
  }
  // Bands: one per region of a parallel root (else one). Columns: breadth-first from the band's initial state over
  // transitions and "a compound state enters its initial child"; rows ordered by the predecessors' rows.
  const bands: AnyStateNode[][] =
    machine.root.type === 'parallel'
      ? Object.values(machine.root.states).map((region) => [
          region,
          ...getStateNodes(region).filter((node) => node !== region),
        ])
      : [nodes];
  const layer = new Map<string, number>();
  const row = new Map<string, number>();
  let rowOffset = 0;
  for (const band of bands) {
    const inBand = new Set(band.map((node) => node.id));
    const first = machine.root.type === 'parallel' ? band[0] : machine.root.initial?.target?.[0];
    const queue = first ? [first.id] : [];
    if (first) layer.set(first.id, 0);
    while (queue.length > 0) {
      const id = queue.shift() ?? '';
      const node = byId.get(id);
      const depth = layer.get(id) ?? 0;
      const next = [
        ...edges.filter((edge) => edge.from === id).map((edge) => edge.to),
        ...(node?.initial?.target ?? []).map((child) => child.id),
      ];
      for (const to of next) {
        if (layer.has(to) || !inBand.has(to)) continue;
        layer.set(to, depth + 1);
        queue.push(to);
      }
    }
    // Whatever the search did not reach goes right after its parent.
    for (const node of band) {
      if (layer.has(node.id)) continue;
      const parent = node.parent && layer.has(node.parent.id) ? (layer.get(node.parent.id) ?? 0) + 1 : 0;
      layer.set(node.id, parent);
    }
    const columns = new Map<number, string[]>();
    for (const node of band) {
      const column = layer.get(node.id) ?? 0;
      columns.set(column, [...(columns.get(column) ?? []), node.id]);
    }
    const ordered = [...columns.keys()].sort((a, b) => a - b);
    for (const column of ordered) (columns.get(column) ?? []).forEach((id, index) => row.set(id, index));
    for (let pass = 0; pass < 3; pass += 1) {
      for (const column of ordered) {
        const ids = columns.get(column) ?? [];
        const centre = (id: string) => {
          const from = edges
            .filter((edge) => edge.to === id && edge.from !== id && (layer.get(edge.from) ?? 0) < column)
            .map((edge) => row.get(edge.from) ?? 0);
          return from.length === 0 ? (row.get(id) ?? 0) : from.reduce((a, b) => a + b, 0) / from.length;
        };
        const sorted = [...ids].sort((a, b) => centre(a) - centre(b));
        sorted.forEach((id, index) => row.set(id, index));
      }
    }
    const height = Math.max(...[...columns.values()].map((ids) => ids.length));
    for (const node of band) row.set(node.id, (row.get(node.id) ?? 0) + rowOffset);
    rowOffset += height + 1;
  }
  return { nodes, edges, layer, row };
}

const BOX_W = 215;
const BOX_H = 34;
const COL_W = 300;
const ROW_H = 60;

function svgChart(machine: AnyStateMachine, walked: Set<string>, statesWalked: Set<string>): string {
  const { nodes, edges, layer, row } = chartOf(machine);
  const x = (id: string) => 20 + (layer.get(id) ?? 0) * COL_W;
  const y = (id: string) => 30 + (row.get(id) ?? 0) * ROW_H;
  const width = 40 + Math.max(...nodes.map((node) => x(node.id))) + BOX_W;
  const height = 60 + Math.max(...nodes.map((node) => y(node.id))) + BOX_H;
  const label = (node: AnyStateNode) => node.path.join('.');
  const parts: string[] = [];
  const pairCount = new Map<string, number>();
  // A node's transitions to itself are one loop: "event, event +n", red when any of them was not walked.
  const loops = new Map<string, ChartEdge[]>();
  for (const edge of edges)
    if (edge.from === edge.to) loops.set(edge.from, [...(loops.get(edge.from) ?? []), edge]);
  const drawn = [
    ...edges
      .filter((edge) => edge.from !== edge.to)
      .map((edge) => ({ edge, keys: [edge.key], label: edge.event })),
    ...[...loops.values()].map((group) => {
      const [first] = group;
      const names = [...new Set(group.map((edge) => edge.event))];
      const label =
        names.length <= 2 ? names.join(', ') : `${names.slice(0, 2).join(', ')} +${names.length - 2}`;
      return { edge: first ?? group[0], keys: group.map((edge) => edge.key), label };
    }),
  ].filter((entry): entry is { edge: ChartEdge; keys: string[]; label: string } => entry.edge !== undefined);
  for (const { edge, keys, label: edgeLabel } of drawn) {
    const pair = `${edge.from}->${edge.to}`;
    const index = pairCount.get(pair) ?? 0;
    pairCount.set(pair, index + 1);
    const ok = keys.every((key) => walked.has(key));
    const stroke = ok ? '#1b7f3b' : '#c62828';
    const dash = ok ? '' : ' stroke-dasharray="6 4"';
    const title = `<title>${keys.map((key) => `${escape(key)}${walked.has(key) ? ' (walked)' : ' (not walked)'}`).join('\n')}</title>`;
    let d: string;
    let lx: number;
    let ly: number;
    if (edge.from === edge.to) {
      const sx = x(edge.from) + BOX_W - 30 - index * 14;
      const sy = y(edge.from);
      d = `M ${sx} ${sy} c 0 -26 26 -26 26 0`;
      lx = sx + 13;
      ly = sy - 22 - index * 2;
    } else {
      const forward = (layer.get(edge.to) ?? 0) > (layer.get(edge.from) ?? 0);
      const sx = forward ? x(edge.from) + BOX_W : x(edge.from) + BOX_W / 2;
      const sy = forward ? y(edge.from) + BOX_H / 2 : y(edge.from) + BOX_H;
      const tx = forward ? x(edge.to) : x(edge.to) + BOX_W / 2;
      const ty = forward ? y(edge.to) + BOX_H / 2 : y(edge.to) + BOX_H;
      const bend = 18 + index * 14;
      if (forward) {
        const mx = (sx + tx) / 2;
        d = `M ${sx} ${sy} C ${mx} ${sy + index * 8}, ${mx} ${ty + index * 8}, ${tx} ${ty}`;
        lx = mx;
        ly = (sy + ty) / 2 + index * 8 - 3;
      } else {
        const low = Math.max(sy, ty) + bend + 10;
        d = `M ${sx} ${sy} C ${sx} ${low}, ${tx} ${low}, ${tx} ${ty}`;
        lx = (sx + tx) / 2;
        ly = low - 8;
      }
    }
    parts.push(
      `<g class="edge ${ok ? 'walked' : 'unwalked'}">${title}<path d="${d}" fill="none" stroke="${stroke}" stroke-width="1.6"${dash} marker-end="url(#arrow-${ok ? 'ok' : 'no'})"/>` +
        `<text x="${lx.toFixed(1)}" y="${ly.toFixed(1)}" class="edge-label" fill="${stroke}">${escape(edgeLabel)}</text></g>`,
    );
  }
  for (const node of nodes) {
    const leaf = node.type === 'atomic' || node.type === 'final';
    const ok = statesWalked.has(node.id);
    const fill = !leaf ? '#f4f4f6' : ok ? '#e3f4e8' : '#fde7e7';
    const stroke = !leaf ? '#8a8a99' : ok ? '#1b7f3b' : '#c62828';
    const kind = node.type === 'atomic' ? '' : ` (${node.type})`;
    const text = label(node);
    const room = 29 - kind.length;
    parts.push(
      `<g class="state"><title>${escape(node.id)}${kind}${leaf ? (ok ? ' — reached' : ' — never reached') : ''}</title>` +
        `<rect x="${x(node.id)}" y="${y(node.id)}" width="${BOX_W}" height="${BOX_H}" rx="${node.type === 'final' ? 2 : 8}" fill="${fill}" stroke="${stroke}" stroke-width="${node.type === 'final' ? 2.5 : 1.3}"${leaf ? '' : ' stroke-dasharray="3 3"'}/>` +
        `<text x="${x(node.id) + 8}" y="${y(node.id) + 21}" class="state-label">${escape(text.length > room ? `…${text.slice(-(room - 1))}` : text)}${escape(kind)}</text></g>`,
    );
  }
  const markers =
    '<defs>' +
    ['ok:#1b7f3b', 'no:#c62828']
      .map((pair) => {
        const [name, colour] = pair.split(':');
        return `<marker id="arrow-${name}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${colour}"/></marker>`;
      })
      .join('') +
    '</defs>';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="State chart of ${escape(machine.id)}">${markers}${parts.join('')}</svg>`;
}

const pct = (covered: number, total: number) =>
  total === 0 ? '100%' : `${Math.round((covered / total) * 100)}%`;

function levelSection(suite: PathSuite, coverage: LevelCoverage): string {
  const model = suiteModel(suite);
  const heading = `<h3>${escape(coverage.level)} level</h3>`;
  if (coverage.notAtLevel !== null)
    return `${heading}<p class="muted">Not run at this level: ${escape(coverage.notAtLevel)}</p>`;
  const walked = new Set(coverage.transitions.covered);
  const states = new Set(coverage.states.covered);
  const failed = coverage.records.filter((record) => record.status !== 'passed');
  const unwalked = [...model.transitions].filter((key) => !walked.has(key));
  const pathById = new Map(model.paths.map((entry) => [entry.id, entry]));
  const replay = (id: string) =>
    `npm run paths -- --machine ${suite.name} --level ${coverage.level} --replay ${id}`;
  const rows = coverage.records
    .map((record) => {
      const entry = pathById.get(record.id);
      return `<tr class="${record.status === 'passed' ? '' : 'bad'}"><td><code>${escape(record.id)}</code></td><td>${escape(record.status)}</td><td>${escape(entry?.path.description ?? '')}${
        record.status === 'passed'
          ? ''
          : `<div class="error">${escape((record.error ?? '').slice(0, 1200))}</div><div><code>${escape(replay(record.id))}</code></div>${record.trace ? `<div>trace: <code>npx playwright show-trace ${escape(record.trace)}</code></div>` : ''}`
      }</td><td>${record.ms} ms</td></tr>`;
    })
    .join('');
  return (
    heading +
    `<p class="figures">states <b>${coverage.states.covered.length}/${coverage.states.total}</b> (${pct(coverage.states.covered.length, coverage.states.total)}) · ` +
    `transitions <b>${coverage.transitions.covered.length}/${coverage.transitions.total}</b> (${pct(coverage.transitions.covered.length, coverage.transitions.total)}) · ` +
    `paths run <b>${coverage.records.length}</b> of ${model.paths.length} generated · failures <b class="${failed.length > 0 ? 'bad-text' : ''}">${failed.length}</b></p>` +
    `<div class="chart">${svgChart(suite.machine, walked, states)}</div>` +
    (unwalked.length === 0
      ? '<p class="ok-text">Every transition of the definition was walked.</p>'
      : `<h4>Transitions not walked (${unwalked.length})</h4><ul class="unwalked">${unwalked
          .map(
            (key) =>
              `<li><code>${escape(key)}</code> — ${escape(coverage.reasons[key] ?? 'NO REASON: no path of this run takes it (coverage gap)')}</li>`,
          )
          .join('')}</ul>`) +
    `<details${failed.length > 0 ? ' open' : ''}><summary>Paths run (${coverage.records.length})</summary><table class="paths"><thead><tr><th>id</th><th>result</th><th>path</th><th>time</th></tr></thead><tbody>${rows}</tbody></table></details>`
  );
}

export function renderReport(data: ReportData): string {
  const summaryRows = data.machines
    .flatMap(({ suite, coverage }) =>
      coverage.map((level) => {
        const failures = level.records.filter((record) => record.status !== 'passed').length;
        const run = level.notAtLevel === null;
        return `<tr class="${failures > 0 ? 'bad' : ''}"><td><a href="#${escape(suite.name)}">${escape(suite.name)}</a></td><td>${level.level}</td><td>${run ? `${level.states.covered.length}/${level.states.total}` : '–'}</td><td>${run ? `${level.transitions.covered.length}/${level.transitions.total}` : '–'}</td><td>${run ? level.records.length : 'not run'}</td><td>${run ? failures : '–'}</td></tr>`;
      }),
    )
    .join('')
    .concat(
      data.withoutSuite
        .map(
          (file) =>
            `<tr class="bad"><td><code>${escape(file)}</code></td><td colspan="5">NO PATH SUITE: the run fails until one is registered</td></tr>`,
        )
        .join(''),
    );
  const sections = data.machines
    .map(
      ({ suite, coverage }) =>
        `<section id="${escape(suite.name)}"><h2>${escape(suite.name)} <small><code>${escape(suite.file)}</code> · machine id <code>${escape(suite.machine.id)}</code></small></h2>${coverage
          .map((level) => levelSection(suite, level))
          .join('')}</section>`,
    )
    .join('');
  const problems =
    data.problems.length === 0
      ? ''
      : `<div class="problems"><h2>Problems</h2><ul>${data.problems.map((problem) => `<li><pre>${escape(problem)}</pre></li>`).join('')}</ul></div>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Path coverage</title><style>
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d1d24}h1{margin:0 0 4px}h2{margin-top:36px;border-bottom:1px solid #ddd}
h2 small{font-weight:normal;font-size:13px;color:#555}.muted{color:#666}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
tr.bad td{background:#fff1f1}.bad-text{color:#c62828}.ok-text{color:#1b7f3b}.chart{overflow:auto;border:1px solid #e4e4ea;border-radius:6px;background:#fff;max-height:820px}
.edge-label{font:10px system-ui,sans-serif}.state-label{font:12px ui-monospace,monospace;fill:#1d1d24}.error{white-space:pre-wrap;font:12px ui-monospace,monospace;color:#8b0000;max-height:220px;overflow:auto}
.legend span{display:inline-block;margin-right:16px}.problems{border:2px solid #c62828;padding:4px 14px;margin:16px 0}.unwalked li{margin:2px 0}
</style></head><body><h1>Model-based path coverage</h1><p class="muted"><code>${escape(data.command)}</code> · ${escape(data.generatedAt)}</p>
<p class="legend"><span style="color:#1b7f3b">━ walked transition</span><span style="color:#c62828">╌ transition not walked</span><span>▢ green: state reached · red: never reached · dashed grey: compound/parallel state</span></p>
${problems}<table><thead><tr><th>machine</th><th>level</th><th>states</th><th>transitions</th><th>paths run</th><th>failures</th></tr></thead><tbody>${summaryRows}</tbody></table>${sections}</body></html>`;
}

/** Writes index.html and summary.json into `dir`; returns the HTML file's path. */
export function writeReport(dir: string, data: ReportData): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'index.html');
  writeFileSync(file, renderReport(data));
  const summary = {
    generatedAt: data.generatedAt,
    command: data.command,
    problems: data.problems,
    withoutSuite: data.withoutSuite,
    machines: data.machines.map(({ suite, coverage }) => ({
      name: suite.name,
      file: suite.file,
      levels: coverage.map((level) => ({
        level: level.level,
        notAtLevel: level.notAtLevel,
        states: `${level.states.covered.length}/${level.states.total}`,
        transitions: `${level.transitions.covered.length}/${level.transitions.total}`,
        paths: level.records.length,
        failures: level.records.filter((record) => record.status !== 'passed').map((record) => record.id),
        unwalked: level.reasons,
        gaps: level.gaps,
      })),
    })),
  };
  writeFileSync(join(dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  return file;
}
