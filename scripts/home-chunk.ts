import { dirname, join } from 'node:path'

/** What a chunking rule can ask of the module graph (rolldown's ChunkingContext, the part used here). */
interface ModuleGraph {
  getModuleInfo(id: string): { code: string | null; importedIds: readonly string[] } | null
}

/**
 * One chunk for the code of the member's home screens (docs/decisions/0049): the weekly home and the dashboard, with
 * what they import that the landing's chunk doesn't hold. The app opens there, and left to itself the bundler splits
 * that code into some twenty small shared chunks, each a request and a preload a phone waits on before the home can
 * show. The check-in card they share keeps a chunk of its own, whose size its budget counts.
 *
 * `entry` is the app's entry module and `roots` the home's modules, as absolute paths.
 */
export function homeChunk(entry: string, roots: string[]) {
  let home: Set<string> | undefined
  return {
    debugName: 'home',
    name: (id: string, graph: ModuleGraph) => ((home ??= homeModules(graph, entry, roots)).has(id) ? 'home' : null),
    // What the home imports from the landing's chunk stays there.
    includeDependenciesRecursively: false,
  }
}

function homeModules(graph: ModuleGraph, entry: string, roots: string[]) {
  const initial = staticClosure(graph, [entry])
  const home = staticClosure(graph, roots, initial)
  // A library imported through its index (lucide's icons, TanStack Query's hooks) is in the entry's graph whole, though
  // the landing's chunk holds only the parts it uses: the home takes the parts it names and the landing doesn't.
  const landingUses = namedThroughIndexes(graph, [...initial].filter(isOwnCode))
  for (const id of namedThroughIndexes(graph, [...home])) if (!landingUses.has(id)) home.add(id)
  return home
}

function staticClosure(graph: ModuleGraph, roots: string[], stop = new Set<string>()) {
  const seen = new Set<string>()
  const visit = (id: string) => {
    if (seen.has(id) || stop.has(id)) return
    seen.add(id)
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) visit(next)
  }
  roots.forEach(visit)
  return seen
}

const isOwnCode = (id: string) => !id.includes('/node_modules/')

/** The modules that `importers` reach by name through a library's index file (`import { Check } from 'lucide-react'`). */
function namedThroughIndexes(graph: ModuleGraph, importers: string[]) {
  const reached = new Set<string>()
  for (const importer of importers) {
    const info = graph.getModuleInfo(importer)
    if (!info?.code) continue
    for (const [, names, specifier] of info.code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"'./][^"']*)["']/g)) {
      const index = info.importedIds.find((id) => id.includes(`/node_modules/${specifier}/`))
      const indexCode = index && graph.getModuleInfo(index)?.code
      if (!index || !indexCode) continue
      for (const name of names!.split(',').map((part) => part.trim().split(/\s+/)[0]).filter(Boolean)) {
        const source = new RegExp(`export\\s*\\{[^}]*\\b(?:default as |)${name}\\b[^}]*\\}\\s*from\\s*["'](\\.[^"']+)["']`).exec(indexCode)?.[1]
        if (source) reached.add(join(dirname(index), source))
      }
    }
  }
  return reached
}
