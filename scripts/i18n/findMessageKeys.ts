// Every catalogue key the code can ask for, found by walking the TypeScript AST with the type
// checker: translation calls (t, message, formatMessage, <FormattedMessage id>), toast messages,
// *_MESSAGES constants of domain rules, key-shaped templates (`order-status.${status}`), the
// server's error keys (ApiError and its helpers, API.md) and identity-provider codes, which the
// browser shows as `auth.{code}`.
import ts from 'typescript';
import { valuesOfExpression } from './keyValues';

export interface KeyUse {
  key: string;
  file: string;
  line: number;
}

export interface DynamicKeyUse {
  pattern: string;
  file: string;
  line: number;
}

export interface FoundKeys {
  keys: KeyUse[];
  dynamic: DynamicKeyUse[];
}

/** Functions whose first argument is a catalogue key (src/i18n's useT and useMessage results). */
const TRANSLATE_CALLS = new Set(['t', 'message']);
/** Functions taking a descriptor object `{id}`. */
const DESCRIPTOR_CALLS = new Set(['formatMessage', 'defineMessage']);
/** Server error helpers (server/http/errors.ts) and the argument that carries the key. */
const SERVER_ERROR_KEY_ARGUMENT: Readonly<Record<string, number>> = {
  badRequest: 0, forbidden: 0, notFound: 0, conflict: 0, unprocessable: 0, unauthorized: 0, tooManyRequests: 1,
};
/** Properties whose value is a key wherever they appear. */
const KEY_PROPERTIES = /^(labelKey|titleKey|descriptionKey|messageKey|translationKey|translation_key)$/;
/** Constants that hold keys: tables (ORDER_FORM_MESSAGES, ERROR_KEYS) and single keys (SAVED_MESSAGE). */
const KEY_TABLE_CONSTANT = /(^|_)(MESSAGES|ERROR_KEYS)$/;
const KEY_CONSTANT = /(^|_)MESSAGE$/;
/** Codes the server answers that the browser acts on and never shows (API.md: the fee is recomputed). */
const NOT_SHOWN_CODES = new Set(['SignatureExpired']);
/** A template value naming a file (`orders.${format}`), not a key. */
const FILE_NAME = /\.(csv|xlsx?|json|pdf|png|jpe?g|svg|txt|zip)$/;
/** A template that starts like a key: `eta.`, `order-status.`, `tracking.list.`. */
const KEY_TEMPLATE_HEAD = /^[a-z][a-z0-9-]*(\.[A-Za-z0-9-]+)*\.$/;
const PROVIDER_CODE = /^[A-Z][A-Za-z]+Exception$/;
/** Interfaces whose `message` property is a key or a literal SPEC text (machines/toasts.ts). */
const MESSAGE_CARRYING_TYPES = new Set(['ToastParams', 'ToastRequest', 'Toast']);

function calleeName(expression: ts.LeftHandSideExpression): string | null {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return null;
}

function propertyName(name: ts.PropertyName): string | null {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : null;
}

function descriptorId(node: ts.Expression | undefined): ts.Expression | null {
  if (!node || !ts.isObjectLiteralExpression(node)) return null;
  for (const property of node.properties) {
    if (ts.isPropertyAssignment(property) && propertyName(property.name) === 'id') return property.initializer;
  }
  return null;
}

function isMessageCarrier(objectLiteral: ts.ObjectLiteralExpression, checker: ts.TypeChecker): boolean {
  const type = checker.getContextualType(objectLiteral);
  if (!type) return false;
  const candidates = type.isUnion() ? type.types : [type];
  return candidates.some((candidate) => {
    const name = candidate.aliasSymbol?.name ?? candidate.getSymbol()?.name;
    return name !== undefined && MESSAGE_CARRYING_TYPES.has(name);
  });
}

export interface FindOptions {
  /** Files whose key-shaped templates count (the browser side); the server's paths are not keys. */
  isBrowserFile: (fileName: string) => boolean;
  isServerFile: (fileName: string) => boolean;
  /** Files whose *_MESSAGE(S) constants are keys (domain rules, machines, screens; not adapters' log texts). */
  hasKeyConstants: (fileName: string) => boolean;
}

export function findMessageKeys(program: ts.Program, files: readonly string[], options: FindOptions): FoundKeys {
  const checker = program.getTypeChecker();
  const found: FoundKeys = { keys: [], dynamic: [] };

  for (const fileName of files) {
    const source = program.getSourceFile(fileName);
    if (!source) continue;
    const browser = options.isBrowserFile(fileName);
    const server = options.isServerFile(fileName);
    const where = (node: ts.Node) => ({ file: fileName, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });

    const addKeysOf = (expression: ts.Expression, prefix = '') => {
      const values = valuesOfExpression(expression, checker);
      for (const value of values.values.filter((candidate) => !NOT_SHOWN_CODES.has(candidate) && !FILE_NAME.test(candidate))) {
        // The server answers identity-provider codes as they are; the browser shows `auth.{code}`.
        const key = prefix === '' && server && PROVIDER_CODE.test(value) ? `auth.${value}` : `${prefix}${value}`;
        found.keys.push({ key, ...where(expression) });
      }
      if (values.dynamicPattern !== null) found.dynamic.push({ pattern: `${prefix}${values.dynamicPattern}`, ...where(expression) });
    };

    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const name = calleeName(node.expression);
        const args = node.arguments ?? ts.factory.createNodeArray<ts.Expression>();
        const first = args[0];
        if (name && TRANSLATE_CALLS.has(name) && first && ts.isCallExpression(node)) addKeysOf(first);
        if (name && DESCRIPTOR_CALLS.has(name)) {
          const id = descriptorId(first);
          if (id) addKeysOf(id);
        }
        if (server && name === 'ApiError' && ts.isNewExpression(node) && args[1]) addKeysOf(args[1]);
        if (server && name === 'authError' && args[1]) {
          if (args[2]) addKeysOf(args[2]);
          else addKeysOf(args[1], 'auth.');
        }
        const keyArgument = name === null ? undefined : SERVER_ERROR_KEY_ARGUMENT[name];
        if (server && keyArgument !== undefined && args[keyArgument]) addKeysOf(args[keyArgument] as ts.Expression);
      } else if (ts.isJsxAttribute(node) && node.name.getText(source) === 'id' && node.initializer && ts.isStringLiteral(node.initializer)) {
        const element = node.parent.parent;
        if (ts.isJsxOpeningLikeElement(element) && element.tagName.getText(source) === 'FormattedMessage') addKeysOf(node.initializer);
      } else if (ts.isPropertyAssignment(node)) {
        const name = propertyName(node.name);
        if (name !== null && KEY_PROPERTIES.test(name)) addKeysOf(node.initializer);
        if (name === 'message' && ts.isObjectLiteralExpression(node.parent) && isMessageCarrier(node.parent, checker)) addKeysOf(node.initializer);
        if (name === 'message' && server && ts.isStringLiteral(node.initializer)) addKeysOf(node.initializer);
      } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && options.hasKeyConstants(fileName)) {
        if (KEY_TABLE_CONSTANT.test(node.name.text)) addConstantKeys(node.initializer);
        else if (KEY_CONSTANT.test(node.name.text) && (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer))) addKeysOf(node.initializer);
      } else if (ts.isParameter(node) && server && ts.isIdentifier(node.name) && node.name.text === 'key' && node.initializer) {
        addKeysOf(node.initializer); // server helpers' default keys: badRequest(key = 'error.bad-request')
      } else if (ts.isTemplateExpression(node) && browser && KEY_TEMPLATE_HEAD.test(node.head.text)) {
        addKeysOf(node);
      } else if (ts.isStringLiteral(node) && (server || browser) && PROVIDER_CODE.test(node.text)) {
        found.keys.push({ key: `auth.${node.text}`, ...where(node) });
      }
      ts.forEachChild(node, visit);
    };

    const addConstantKeys = (initializer: ts.Expression): void => {
      const inner = ts.isAsExpression(initializer) || ts.isSatisfiesExpression(initializer) ? initializer.expression : initializer;
      if (ts.isObjectLiteralExpression(inner)) {
        for (const property of inner.properties) if (ts.isPropertyAssignment(property)) addConstantKeys(property.initializer);
      } else if (ts.isArrayLiteralExpression(inner)) {
        for (const element of inner.elements) addConstantKeys(element);
      } else if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) {
        addKeysOf(inner);
      }
    };

    visit(source);
  }
  return found;
}
