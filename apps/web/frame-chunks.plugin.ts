import type { NormalizedOutputOptions, OutputOptions, RenderedChunk } from 'rollup';
import type { Plugin } from 'vite';

// The workspace frame's first visit in one request instead of thirty (issue 20, decision 101).
//
// Rollup gives every set of pages that share code a chunk of its own. The frame's first address
// (its layout and a record or list page) needed ~63 of them, and over HTTP/1.1's six connections
// per host they, and the frame's calls behind them, queued for ~350 ms. The chunks that only the
// frame's pages load are merged into one, `workspace`; the chunks that a page outside the frame
// (a portal, the workspace choice, a public link) also loads stay as Rollup made them, so such a
// page never fetches the frame's code.
//
// It takes two passes of one build: a planning output (chunked as usual, then thrown away before
// any file is written or minified) and the real one, whose `manualChunks` puts every module where
// the plan says: the frame-only chunks' modules in `workspace`, every other module in the chunk it
// had. Rollup's own dependency pulling is off (`onlyExplicitManualChunks`), so nothing else moves.

const PLAN_DIR = '.chunk-plan';

// the planning pass: its output options carry this directory, which is never written
export const isChunkPlan = (options: NormalizedOutputOptions) => options.dir?.endsWith(PLAN_DIR) ?? false;

type Chunk = Pick<
  RenderedChunk,
  'fileName' | 'name' | 'isEntry' | 'isDynamicEntry' | 'facadeModuleId' | 'imports' | 'dynamicImports' | 'moduleIds'
>;

export type FramePlan = {
  // module id → the chunk it goes to in the real output
  chunkOf: Map<string, string>;
  merged: number;
  mergedBytes: number;
  kept: number;
};

// Pure, so the rule reads on its own: which chunks of the planning pass join `workspace`.
// `frame`: the frame's entry chunks; `outside`: the entry chunks of pages outside the frame.
export function planFrameChunks(chunks: Chunk[], frame: Chunk[], outside: Chunk[], bytes: (c: Chunk) => number): FramePlan {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (from: Chunk[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      byFile.get(file)?.imports.forEach(visit);
    };
    from.forEach((c) => visit(c.fileName));
    return seen;
  };
  const initial = closure(chunks.filter((c) => c.isEntry));
  const frameFiles = [...closure(frame)].filter((f) => !initial.has(f));

  // what a page outside the frame loads, and what it loads later from there (a portal's lazy
  // calendar): such chunks stay apart
  const outsideFiles = new Set<string>();
  const pending = [...outside];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    for (const file of closure([entry])) {
      if (initial.has(file) || outsideFiles.has(file)) continue;
      outsideFiles.add(file);
      for (const dynamic of byFile.get(file)?.dynamicImports ?? []) {
        const target = byFile.get(dynamic);
        if (target && !outsideFiles.has(dynamic)) pending.push(target);
      }
    }
  }

  const merged = new Set(frameFiles.filter((f) => !outsideFiles.has(f)));
  const chunkOf = new Map<string, string>();
  // "workspace" is taken; the entry keeps its name "index"
  const names = new Map<string, number>([['workspace', 1]]);
  let mergedBytes = 0;
  for (const chunk of [...chunks].sort((a, b) => Number(b.isEntry) - Number(a.isEntry))) {
    let alias = 'workspace';
    if (merged.has(chunk.fileName)) mergedBytes += bytes(chunk);
    else {
      // each other chunk keeps its name (a second "index" becomes "index-2")
      const n = (names.get(chunk.name) ?? 0) + 1;
      names.set(chunk.name, n);
      alias = n === 1 ? chunk.name : `${chunk.name}-${n}`;
    }
    for (const id of chunk.moduleIds) chunkOf.set(id, alias);
  }
  return { chunkOf, merged: merged.size, mergedBytes, kept: frameFiles.length - merged.size };
}

type Options = {
  // the modules a first address in the frame loads: its layout and the entity pages
  frame: RegExp[];
  // a page is outside the frame when the module that imports it exports routes under such a name
  outsideRoutes: RegExp;
};

export function frameChunksPlugin(options: Options): Plugin & { outputs: (common: OutputOptions) => OutputOptions[] } {
  const rendered: Chunk[] = [];
  const sizes = new Map<string, number>();
  let plan: FramePlan | undefined;
  return {
    name: 'atrium-frame-chunks',
    apply: 'build',
    // the same output twice: the plan, then the real one placed by it
    outputs: (common) => [
      { ...common, dir: `dist/${PLAN_DIR}` },
      {
        ...common,
        manualChunks: (id) => {
          if (!plan) throw new Error('the frame chunks plugin ran the real output before its plan');
          return plan.chunkOf.get(id);
        },
        onlyExplicitManualChunks: true,
      },
    ],
    renderChunk: {
      order: 'pre',
      handler(code, chunk, outputOptions) {
        if (!isChunkPlan(outputOptions)) return null;
        rendered.push({ ...chunk });
        sizes.set(chunk.fileName, code.length);
        // nothing of the plan is written: the minifier after this gets nothing to do
        return { code: '', map: null };
      },
    },
    generateBundle: {
      order: 'post',
      handler(outputOptions, bundle) {
        if (!isChunkPlan(outputOptions)) return;
        // a page's module may share its chunk with code of others (then the chunk has no facade):
        // chunks are told by the modules in them
        const has = (c: Chunk, test: (id: string) => boolean) => c.moduleIds.some(test);
        const frame = rendered.filter((c) => has(c, (id) => options.frame.some((re) => re.test(id))));
        const missing = options.frame.filter((re) => !frame.some((c) => has(c, (id) => re.test(id))));
        if (missing.length > 0) this.error(`the frame's modules ${missing.join(', ')} are in no chunk`);
        const declaresOutside = (importer: string) =>
          (this.getModuleInfo(importer)?.exports ?? []).some((name) => options.outsideRoutes.test(name));
        const outside = rendered.filter((c) => has(c, (id) => (this.getModuleInfo(id)?.dynamicImporters ?? []).some(declaresOutside)));
        if (outside.length === 0) this.error(`no page outside the frame found (route exports named ${options.outsideRoutes})`);
        plan = planFrameChunks(rendered, frame, outside, (c) => sizes.get(c.fileName) ?? 0);
        process.stdout.write(
          `\n[atrium] workspace frame: ${plan.merged} chunks only its pages load merged into one (${(plan.mergedBytes / 1024).toFixed(0)} KB before minifying); ` +
            `${plan.kept} shared with the ${outside.length} chunks of pages outside it kept apart\n`,
        );
        for (const file of Object.keys(bundle)) delete bundle[file];
      },
    },
  };
}
