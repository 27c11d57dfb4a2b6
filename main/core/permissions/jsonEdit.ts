/**
 * Minimal text edits on a parsed JSON document (jsonc-parser nodes): insert a member, replace a
 * value, remove a member — touching only the bytes that must change. jsonc-parser's own `modify`
 * re-formats the whole neighbouring line, which would rewrite a user's hand formatting.
 */
import type { Node } from 'jsonc-parser';

export interface Style {
  eol: string;
  /** One indentation step ("  ", "    " or "\t"). */
  unit: string;
}

export function detectStyle(text: string): Style {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /\n([ \t]+)\S/.exec(text)?.[1];
  const unit = indent === undefined ? '  ' : indent.startsWith('\t') ? '\t' : indent;
  return { eol, unit };
}

function lineIndent(text: string, offset: number): string {
  let start = offset;
  while (start > 0 && text[start - 1] !== '\n') start--;
  let end = start;
  while (end < text.length && (text[end] === ' ' || text[end] === '\t')) end++;
  return text.slice(start, end);
}

function splice(text: string, from: number, to: number, insert: string): string {
  return text.slice(0, from) + insert + text.slice(to);
}

/** Serializes a value for insertion at `indent`, in the file's style. */
function serialize(value: unknown, indent: string, style: Style): string {
  const s = JSON.stringify(value, null, style.unit);
  return s.split('\n').join(style.eol + indent);
}

/**
 * Appends a member to an object (`name` given) or an element to an array (`name` undefined),
 * following the container's layout: one per line when it is multi-line, inline otherwise.
 */
export function appendMember(text: string, container: Node, name: string | undefined, value: unknown, style: Style): string {
  const children = container.children ?? [];
  const containerIndent = lineIndent(text, container.offset);
  const last = children[children.length - 1];
  if (last && children[0]) {
    const multiline = text.slice(container.offset, children[0].offset).includes('\n');
    const indent = multiline ? lineIndent(text, children[0].offset) : containerIndent;
    const member = (name === undefined ? '' : `${JSON.stringify(name)}: `) + serialize(value, indent, style);
    const end = last.offset + last.length;
    return splice(text, end, end, multiline ? `,${style.eol}${indent}${member}` : `, ${member}`);
  }
  const indent = containerIndent + style.unit;
  const member = (name === undefined ? '' : `${JSON.stringify(name)}: `) + serialize(value, indent, style);
  return splice(
    text,
    container.offset + 1,
    container.offset + container.length - 1,
    `${style.eol}${indent}${member}${style.eol}${containerIndent}`,
  );
}

export function replaceValue(text: string, valueNode: Node, value: unknown, style: Style): string {
  return splice(text, valueNode.offset, valueNode.offset + valueNode.length, serialize(value, lineIndent(text, valueNode.offset), style));
}

/** Removes the idx-th member of an object or array, with its separating comma and whitespace. */
export function removeMember(text: string, container: Node, idx: number): string {
  const children = container.children ?? [];
  const c = children[idx];
  if (!c) return text;
  if (children.length === 1) return splice(text, container.offset + 1, container.offset + container.length - 1, '');
  const prev = children[idx - 1];
  if (prev) return splice(text, prev.offset + prev.length, c.offset + c.length, '');
  return splice(text, c.offset, children[1]!.offset, '');
}
