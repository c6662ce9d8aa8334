// Lints the page's ES modules without npm: every file parses (acorn, from Debian's node-acorn), every name used
// is declared, imported or a browser global, every import is used and names an export of its module, no line
// is longer than 120 characters, and the shared state is written through state.js's writers only.
// Usage: node tests/node/lint.mjs [--json] [FOLDER]   (exit 1 when something is wrong)
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const acorn = require('/usr/share/nodejs/acorn/dist/acorn.js');
const walk = require('/usr/share/nodejs/acorn-walk/dist/walk.js');

const GLOBALS = new Set(`document window location history sessionStorage localStorage fetch setTimeout clearTimeout
  setInterval clearInterval console JSON Math Object Array Map Set WeakMap String Number Boolean Promise Date Error
  IntersectionObserver ResizeObserver MutationObserver prompt confirm alert navigator requestAnimationFrame cancelAnimationFrame URL Blob
  URLSearchParams Intl Symbol RegExp Infinity NaN undefined parseInt parseFloat isNaN encodeURIComponent
  decodeURIComponent performance globalThis CSS Image HTMLElement Event KeyboardEvent structuredClone queueMicrotask
  AbortController getComputedStyle matchMedia innerWidth innerHeight devicePixelRatio Uint8Array Float32Array
  Uint8ClampedArray`.split(/\s+/));

/// A write to the page's shared state (the focus, the selection and its anchor, the version, the refusals) outside
/// state.js, whose named writers are the one way in.
const SHARED = /\bapp\.(focus|selection|anchor|version|refusals)\b(\.index)?\s*(=(?!=)|\.(add|delete|clear|push)\()/;

/// Names a pattern (parameter, declarator) binds.
function bound(pattern, into) {
  if (!pattern) return;
  if (pattern.type === 'Identifier') into.add(pattern.name);
  else if (pattern.type === 'ObjectPattern') pattern.properties.forEach((p) => bound(p.value ?? p.argument, into));
  else if (pattern.type === 'ArrayPattern') pattern.elements.forEach((e) => bound(e, into));
  else if (pattern.type === 'RestElement') bound(pattern.argument, into);
  else if (pattern.type === 'AssignmentPattern') bound(pattern.left, into);
}

/// True when the identifier, under its parent, is a use of a name (not a property name or a declaration).
function isUse(node, parent) {
  if (!parent) return true;
  switch (parent.type) {
    case 'MemberExpression': return parent.object === node || parent.computed;
    case 'Property': return parent.value === node || parent.computed;
    case 'MethodDefinition': case 'PropertyDefinition': return parent.computed && parent.key === node;
    case 'LabeledStatement': case 'BreakStatement': case 'ContinueStatement': return false;
    case 'ImportSpecifier': case 'ImportDefaultSpecifier': case 'ImportNamespaceSpecifier':
    case 'ExportSpecifier': return false;
    case 'FunctionDeclaration': case 'FunctionExpression': case 'ArrowFunctionExpression':
      return !parent.params.includes(node) && parent.id !== node;
    case 'VariableDeclarator': return parent.init === node;
    case 'CatchClause': return parent.param !== node;
    case 'ClassDeclaration': case 'ClassExpression': return parent.id !== node;
    default: return true;
  }
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/// The names a function (or the module, for the Program) binds itself: parameters, its own functions, variables
/// and catch parameters, not those of functions inside it.
function ownNames(scope) {
  const names = new Set();
  if (FUNCTIONS.has(scope.type)) {
    if (scope.id && scope.type !== 'FunctionDeclaration') names.add(scope.id.name);
    scope.params.forEach((p) => bound(p, names));
  }
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'FunctionDeclaration' && node.id) names.add(node.id.name);
    if (FUNCTIONS.has(node.type) && node !== scope) return;
    if (node.type === 'VariableDeclarator') bound(node.id, names);
    if (node.type === 'CatchClause') bound(node.param, names);
    if (node.type === 'ClassDeclaration' && node.id) names.add(node.id.name);
    if (node.type === 'ImportDeclaration') node.specifiers.forEach((sp) => names.add(sp.local.name));
    for (const key of Object.keys(node)) {
      const child = node[key];
      if (Array.isArray(child)) child.forEach(visit);
      else if (child && typeof child.type === 'string' && key !== 'id') visit(child);
    }
  };
  visit(FUNCTIONS.has(scope.type) ? scope.body : scope);
  if (!FUNCTIONS.has(scope.type)) {   // the Program: its top-level functions' names
    for (const node of scope.body) if (node.type === 'FunctionDeclaration' && node.id) names.add(node.id.name);
  }
  return names;
}

/// What one module declares, imports, exports and uses; `free` are the names used where no enclosing function
/// and not the module binds them.
export function facts(source) {
  const ast = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module', locations: true });
  const declared = new Set(), imports = new Map(), exported = new Set(), used = new Map(), free = new Map();
  const scopes = new WeakMap();
  const names = (scope) => scopes.get(scope) ?? scopes.set(scope, ownNames(scope)).get(scope);
  walk.fullAncestor(ast, (node, _state, ancestors) => {
    const parent = ancestors[ancestors.length - 2];
    if (node.type === 'ImportDeclaration') {
      for (const s of node.specifiers) imports.set(s.local.name, { from: node.source.value, name: s.imported?.name });
    } else if (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression'
               || node.type === 'ArrowFunctionExpression') {
      if (node.id) declared.add(node.id.name);
      node.params.forEach((p) => bound(p, declared));
    } else if (node.type === 'VariableDeclarator') bound(node.id, declared);
    else if (node.type === 'CatchClause') bound(node.param, declared);
    else if (node.type === 'ClassDeclaration' && node.id) declared.add(node.id.name);
    else if (node.type === 'ExportNamedDeclaration' && node.declaration) {
      const d = node.declaration;
      if (d.id) exported.add(d.id.name);
      (d.declarations ?? []).forEach((v) => bound(v.id, exported));
    } else if (node.type === 'Identifier' && isUse(node, parent)
               && !(parent?.type === 'Property' && parent.shorthand && ancestors.at(-3)?.type === 'ObjectPattern')) {
      if (!used.has(node.name)) used.set(node.name, node.loc.start.line);
      const bindings = [ast, ...ancestors.filter((a) => FUNCTIONS.has(a.type))];
      if (!bindings.some((scope) => names(scope).has(node.name)) && !free.has(node.name)) {
        free.set(node.name, node.loc.start.line);
      }
    }
  });
  return { declared, imports, exported, used, free };
}

/// Problems of every module in `folder`, one line each.
export function lint(folder) {
  const files = readdirSync(folder).filter((f) => f.endsWith('.js')).sort();
  const problems = [], all = new Map();
  for (const file of files) {
    try { all.set(file, facts(readFileSync(join(folder, file), 'utf8'))); } catch (error) {
      problems.push(`${file}: ${error.message}`);
    }
  }
  for (const file of files) {
    readFileSync(join(folder, file), 'utf8').split('\n').forEach((text, i) => {
      if (text.length > 120) problems.push(`${file}:${i + 1}: a line of ${text.length} characters (at most 120)`);
      if (file !== 'state.js' && SHARED.test(text)) {
        problems.push(`${file}:${i + 1}: the page's shared state changes through state.js's writers (setFocus, select…)`);
      }
    });
  }
  for (const [file, f] of all) {
    for (const [name, line] of f.free) {
      if (!GLOBALS.has(name)) {
        problems.push(`${file}:${line}: '${name}' is not declared, imported or a global`);
      }
    }
    for (const [local, { from, name }] of f.imports) {
      if (!f.used.has(local)) problems.push(`${file}: '${local}' is imported but not used`);
      if (f.declared.has(local)) problems.push(`${file}: '${local}' is imported and declared again`);
      const target = all.get(from.replace('./', ''));
      if (from.startsWith('./') && name && !target?.exported.has(name)) {
        problems.push(`${file}: ${from} exports no '${name}'`);
      }
    }
  }
  return problems;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const folder = process.argv.find((a, i) => i > 1 && !a.startsWith('--'))
    ?? new URL('../../Sources/ApoloServer/Web/js', import.meta.url).pathname;
  const problems = lint(folder);
  if (process.argv.includes('--json')) console.log(JSON.stringify(problems));
  else problems.forEach((p) => console.log(p));
  process.exit(problems.length ? 1 : 0);
}
