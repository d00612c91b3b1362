import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

// import-x/no-cycle leaves type-only imports out, but a circle closed by a type still ties its modules together: none
// of them can be read, moved or tested apart (docs/decisions/0030). This rule follows every import TypeScript sees.

const ROOT = import.meta.dirname
const SOURCE = path.join(ROOT, 'src')

function compilerOptions() {
  const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile)
  return ts.parseJsonConfigFileContent(config, ts.sys, ROOT).options
}

function circlesOf(options) {
  const isModule = (file) => file.startsWith(SOURCE + path.sep) && /\.tsx?$/.test(file) && !file.endsWith('.d.ts')
  const resolve = (specifier, from) => {
    const target = ts.resolveModuleName(specifier, from, options, ts.sys).resolvedModule?.resolvedFileName
    return target && isModule(target) ? target : undefined
  }
  const files = readdirSync(SOURCE, { recursive: true }).map((file) => path.join(SOURCE, file)).filter(isModule)
  const imports = new Map(
    files.map((file) => [
      file,
      ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map(({ fileName }) => resolve(fileName, file)).filter(Boolean),
    ]),
  )

  // Tarjan's strongly connected components: each component of more than one module is a circle.
  const order = new Map()
  const lowest = new Map()
  const stack = []
  const onStack = new Set()
  const circleOf = new Map()
  const visit = (file) => {
    order.set(file, order.size)
    lowest.set(file, order.get(file))
    stack.push(file)
    onStack.add(file)
    for (const target of imports.get(file)) {
      if (!order.has(target)) {
        visit(target)
        lowest.set(file, Math.min(lowest.get(file), lowest.get(target)))
      } else if (onStack.has(target)) {
        lowest.set(file, Math.min(lowest.get(file), order.get(target)))
      }
    }
    if (lowest.get(file) !== order.get(file)) return
    const members = new Set()
    let member
    do {
      member = stack.pop()
      onStack.delete(member)
      members.add(member)
    } while (member !== file)
    if (members.size > 1 || imports.get(file).includes(file)) for (const each of members) circleOf.set(each, members)
  }
  for (const file of files) if (!order.has(file)) visit(file)
  return { circleOf, imports, resolve }
}

// The shortest way back from `target` to `file` inside their circle, to show in the report.
function wayBack(graph, circle, target, file) {
  const previous = new Map([[target, undefined]])
  const queue = [target]
  while (queue.length > 0) {
    const current = queue.shift()
    if (current === file) break
    for (const next of graph.imports.get(current)) {
      if (circle.has(next) && !previous.has(next)) {
        previous.set(next, current)
        queue.push(next)
      }
    }
  }
  const way = []
  for (let step = file; step !== undefined; step = previous.get(step)) way.unshift(step)
  return way
}

let graph
const noImportCircle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import that closes a circle of modules in src, type-only imports included.' },
    messages: { circle: 'This import closes a circle: {{way}}.' },
    schema: [],
  },
  create(context) {
    graph ??= circlesOf(compilerOptions())
    const file = context.physicalFilename
    const circle = graph.circleOf.get(file)
    if (!circle) return {}
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return
      const target = graph.resolve(node.source.value, file)
      if (!target || !circle.has(target)) return
      const way = [file, ...wayBack(graph, circle, target, file)].map((step) => path.relative(ROOT, step))
      context.report({ node: node.source, messageId: 'circle', data: { way: way.join(' → ') } })
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check }
  },
}

export const importCircles = { rules: { 'no-import-circle': noImportCircle } }
