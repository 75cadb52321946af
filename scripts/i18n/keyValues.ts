// The string values an expression can have, read from the TypeScript type checker: a literal, a
// union of literals, or a template whose parts are literal unions. Anything wider (plain `string`)
// is dynamic: its values are only known at run time.
import ts from 'typescript';

/** The values known at build time, and a pattern when some values are only known at run time. */
export interface KeyValues {
  values: string[];
  dynamicPattern: string | null;
}

const known = (values: string[]): KeyValues => ({ values, dynamicPattern: null });
const dynamic = (pattern: string): KeyValues => ({ values: [], dynamicPattern: pattern });

/** Upper bound on a template's expansions, so a wide union does not explode. */
const MAX_VALUES = 500;

function valuesOfType(type: ts.Type, checker: ts.TypeChecker): string[] | null {
  if (type.isStringLiteral()) return [type.value];
  if (type.isUnion()) {
    const parts = type.types.filter((member) => !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)));
    const values: string[] = [];
    for (const part of parts) {
      const partValues = valuesOfType(part, checker);
      if (partValues === null) return null;
      values.push(...partValues);
    }
    return values;
  }
  if (type.flags & ts.TypeFlags.BooleanLiteral) return [checker.typeToString(type)];
  if (type.isNumberLiteral()) return [String(type.value)];
  if (type.flags & ts.TypeFlags.TemplateLiteral) {
    const template = type as ts.TemplateLiteralType;
    return combine(template.texts, template.types.map((part) => valuesOfType(part, checker)));
  }
  return null;
}

function combine(texts: readonly string[], parts: readonly (string[] | null)[]): string[] | null {
  let results = [texts[0] ?? ''];
  for (const [index, part] of parts.entries()) {
    if (part === null) return null;
    results = results.flatMap((prefix) => part.map((value) => `${prefix}${value}${texts[index + 1] ?? ''}`));
    if (results.length > MAX_VALUES) return null;
  }
  return results;
}

/** A readable pattern for a dynamic key, e.g. `auth.*` for `auth.${code}`. */
function patternOf(node: ts.Expression, checker: ts.TypeChecker): string {
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => {
      const values = valuesOfExpression(span.expression, checker);
      return `${values.dynamicPattern === null ? `{${values.values.join('|')}}` : '*'}${span.literal.text}`;
    }).join('');
  }
  return '*';
}

export function valuesOfExpression(node: ts.Expression, checker: ts.TypeChecker): KeyValues {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return known([node.text]);
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return valuesOfExpression(node.expression, checker);
  if (ts.isConditionalExpression(node)) return merge([valuesOfExpression(node.whenTrue, checker), valuesOfExpression(node.whenFalse, checker)]);
  if (ts.isBinaryExpression(node) && (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || node.operatorToken.kind === ts.SyntaxKind.BarBarToken)) {
    return merge([valuesOfExpression(node.left, checker), valuesOfExpression(node.right, checker)]);
  }
  if (ts.isTemplateExpression(node)) {
    const parts = node.templateSpans.map((span) => {
      const values = valuesOfExpression(span.expression, checker);
      return values.dynamicPattern === null ? values.values : null;
    });
    const values = combine([node.head.text, ...node.templateSpans.map((span) => span.literal.text)], parts);
    return values === null ? dynamic(patternOf(node, checker)) : known(values);
  }
  const values = valuesOfType(checker.getTypeAtLocation(node), checker);
  return values === null ? dynamic(node.getText()) : known(values);
}

/** The values of every alternative (`a ? b : c`, `a ?? b`); dynamic when any alternative is. */
function merge(alternatives: readonly KeyValues[]): KeyValues {
  return {
    values: alternatives.flatMap((alternative) => alternative.values),
    dynamicPattern: alternatives.find((alternative) => alternative.dynamicPattern !== null)?.dynamicPattern ?? null,
  };
}
