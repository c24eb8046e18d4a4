// UI nodes: the server-driven form of each flow (reference/kratos-notes.md §1 "UI node").
import { messages } from './messages.ts';
import type { UiText } from './schema.ts';

export type NodeGroup =
  'default' | 'password' | 'oidc' | 'profile' | 'link' | 'code' | 'totp' | 'lookup_secret' | 'webauthn' | 'passkey' | 'identifier_first';

export interface InputAttributes {
  node_type: 'input';
  name: string;
  type: 'text' | 'password' | 'number' | 'checkbox' | 'hidden' | 'email' | 'tel' | 'submit' | 'button';
  value?: unknown;
  onclickTrigger?: string;
  required?: boolean;
  disabled: boolean;
  autocomplete?: string;
  pattern?: string;
  maxlength?: number;
}
export interface TextAttributes {
  node_type: 'text';
  id: string;
  text: UiText;
}
export interface ImageAttributes {
  node_type: 'img';
  id: string;
  src: string;
  width: number;
  height: number;
}
export interface AnchorAttributes {
  node_type: 'a';
  id: string;
  href: string;
  title: UiText;
}

export interface ScriptAttributes {
  node_type: 'script';
  id: string;
  src: string;
  async: boolean;
  referrerpolicy: string;
  crossorigin: string;
  integrity: string;
  type: string;
  nonce: string;
}

export interface UiNode {
  type: 'input' | 'text' | 'img' | 'a' | 'script';
  group: NodeGroup;
  attributes: InputAttributes | TextAttributes | ImageAttributes | AnchorAttributes | ScriptAttributes;
  messages: UiText[];
  meta: { label?: UiText };
}

export interface UiContainer {
  action: string;
  method: 'POST';
  nodes: UiNode[];
  messages?: UiText[];
}

export function input(
  group: NodeGroup,
  name: string,
  type: InputAttributes['type'],
  options: { value?: unknown; required?: boolean; autocomplete?: string; label?: UiText; maxlength?: number; pattern?: string } = {},
): UiNode {
  const attributes: InputAttributes = { node_type: 'input', name, type, disabled: false };
  if (options.value !== undefined && options.value !== '') attributes.value = options.value;
  if (options.required) attributes.required = true;
  if (options.autocomplete) attributes.autocomplete = options.autocomplete;
  if (options.maxlength) attributes.maxlength = options.maxlength;
  if (options.pattern) attributes.pattern = options.pattern;
  return { type: 'input', group, attributes, messages: [], meta: options.label ? { label: options.label } : {} };
}

export const csrfNode = (token: string) => input('default', 'csrf_token', 'hidden', { value: token, required: true });

export const submit = (group: NodeGroup, name: string, value: string, label: UiText) => input(group, name, 'submit', { value, label });

export function text(group: NodeGroup, id: string, value: UiText, label?: UiText): UiNode {
  return { type: 'text', group, attributes: { node_type: 'text', id, text: value }, messages: [], meta: label ? { label } : {} };
}

export function image(group: NodeGroup, id: string, src: string, size: number, label?: UiText): UiNode {
  return {
    type: 'img',
    group,
    attributes: { node_type: 'img', id, src, width: size, height: size },
    messages: [],
    meta: label ? { label } : {},
  };
}

/** The WebAuthn script (Kratos serves it at /.well-known/ory/webauthn.js). */
export function webauthnScriptNode(group: NodeGroup, publicBaseUrl: string): UiNode {
  return {
    type: 'script',
    group,
    attributes: {
      node_type: 'script',
      id: 'webauthn_script',
      src: `${publicBaseUrl}/.well-known/ory/webauthn.js`,
      async: true,
      referrerpolicy: 'no-referrer',
      crossorigin: 'anonymous',
      integrity: '',
      type: 'text/javascript',
      nonce: '',
    },
    messages: [],
    meta: {},
  };
}

/** A button the WebAuthn script handles (type button: it never submits by itself). */
export function trigger(group: NodeGroup, name: string, onclickTrigger: string, label: UiText): UiNode {
  const node = input(group, name, 'button', { value: '', label });
  (node.attributes as InputAttributes).onclickTrigger = onclickTrigger;
  return node;
}

export function anchor(group: NodeGroup, id: string, href: string, title: UiText): UiNode {
  return { type: 'a', group, attributes: { node_type: 'a', id, href, title }, messages: [], meta: { label: title } };
}

/** The traits of the identity schema as form fields (labels from the schema titles). */
export function traitNodes(
  group: NodeGroup,
  values: { email?: unknown; first?: unknown; last?: unknown },
  { hidden = false } = {},
): UiNode[] {
  return [
    input(group, 'traits.email', hidden ? 'hidden' : 'email', {
      value: values.email,
      required: true,
      autocomplete: 'email',
      label: messages.generated('E-Mail', 'traits.email'),
      maxlength: 320,
    }),
    input(group, 'traits.name.first', hidden ? 'hidden' : 'text', {
      value: values.first,
      autocomplete: 'given-name',
      label: messages.generated('First name', 'traits.name.first'),
      maxlength: 100,
    }),
    input(group, 'traits.name.last', hidden ? 'hidden' : 'text', {
      value: values.last,
      autocomplete: 'family-name',
      label: messages.generated('Last name', 'traits.name.last'),
      maxlength: 100,
    }),
  ];
}

/** Puts field messages on their nodes; a message for a field with no node gets a text input in `default` (Kratos behaviour). */
export function attachNodeMessages(nodes: UiNode[], nodeMessages: Record<string, UiText[]> | undefined): UiNode[] {
  if (!nodeMessages) return nodes;
  const out = nodes.map((node) => {
    const name = node.attributes.node_type === 'input' ? node.attributes.name : undefined;
    const extra = name ? nodeMessages[name] : undefined;
    return extra && node.attributes.node_type === 'input' && node.attributes.type !== 'submit'
      ? { ...node, messages: [...node.messages, ...extra] }
      : node;
  });
  for (const [name, list] of Object.entries(nodeMessages)) {
    const exists = out.some((n) => n.attributes.node_type === 'input' && n.attributes.name === name && n.attributes.type !== 'submit');
    if (!exists) out.push({ ...input('default', name, 'text'), messages: list });
  }
  return out;
}
