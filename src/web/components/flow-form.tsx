// Renders a Kratos `ui` container as a plain HTML form: method POST to ui.action, so it works
// before (and without) JavaScript. The provider decides the fields; this decides how they look.
import { useId } from 'react';
import type { UiContainer, UiNode } from '../../modules/identity/nodes.ts';
import type { UiText } from '../../modules/identity/schema.ts';
import { copyOf } from './flow-form-copy.ts';
import {
  FlowAnchor,
  FlowButton,
  FlowField,
  FlowImage,
  FlowScript,
  FlowText,
  isHidden,
  isInput,
  isMessageCarrier,
  isResend,
  isSubmit,
  isTrigger,
  type InputNode,
} from './flow-form-nodes.tsx';

export interface FlowFormProps {
  ui: UiContainer;
  /**
   * The method groups this form shows (default: all). Hidden inputs of the `default` group (the
   * CSRF token) always come along, so several forms can share one flow (settings, the aal2 step).
   */
  groups?: readonly string[];
  /** Button labels in this screen's words, keyed "name=value" or "name". */
  labels?: Record<string, string>;
  /** Help under a field's label, by field name. */
  hints?: Record<string, string>;
  /** Show the flow's own messages at the top of this form (off when the page shows them once for several forms). */
  showMessages?: boolean;
  /** An accessible name, when a page holds several forms. */
  label?: string;
  /** The primary action ("name=value" or "name"); false for none (a list of equal choices). Default: the first ordinary submit. */
  primary?: string | false;
}

/** Messages that belong to the whole form: the flow's, and any on hidden or missing fields. */
export function formMessages(ui: UiContainer): UiText[] {
  const fromNodes = ui.nodes.filter((node) => isHidden(node) || isMessageCarrier(node)).flatMap((node) => node.messages);
  return [...(ui.messages ?? []), ...fromNodes];
}

export function FlowMessages({ messages }: { messages: readonly UiText[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="flow-messages">
      {messages.map((message, index) => (
        // Errors interrupt; confirmations and instructions wait their turn.
        <p
          key={`${message.id}-${index}`}
          role={message.type === 'error' ? 'alert' : 'status'}
          className={`flow-message flow-message--${message.type}`}
        >
          {copyOf(message)}
        </p>
      ))}
    </div>
  );
}

/** The nodes a form with these groups shows. */
export function nodesFor(ui: UiContainer, groups?: readonly string[]): UiNode[] {
  if (!groups) return ui.nodes;
  return ui.nodes.filter((node) => groups.includes(node.group) || (node.group === 'default' && isHidden(node)));
}

export function hasGroup(ui: UiContainer, group: string): boolean {
  return ui.nodes.some((node) => node.group === group);
}

export function FlowForm({ ui, groups, labels = {}, hints = {}, showMessages = true, label, primary: primaryKey }: FlowFormProps) {
  const prefix = useId();
  const nodes = nodesFor(ui, groups);
  const keyOf = (node: InputNode) => `${node.attributes.name}=${String(node.attributes.value ?? '')}`;
  const labelFor = (node: InputNode) => labels[keyOf(node)] ?? labels[node.attributes.name];

  const submits = nodes.filter(isSubmit);
  // One primary action (rendered first, so it is also the one Enter presses); the rest are alternatives.
  const primary =
    primaryKey === false
      ? undefined
      : submits.find((node) =>
          primaryKey ? keyOf(node) === primaryKey || node.attributes.name === primaryKey : !isResend(node) && node.group !== 'oidc',
        );
  const resends = submits.filter((node) => node !== primary && isResend(node));
  const alternatives = nodes.filter(
    (node): node is InputNode => (isSubmit(node) || isTrigger(node)) && node !== primary && !isResend(node),
  );

  // Nothing to send (a finished flow's "Continue" link): no form at all.
  const Element = nodes.some(isInput) ? 'form' : 'div';
  return (
    <Element {...(Element === 'form' ? { method: 'POST', action: ui.action, 'aria-label': label } : {})} className="flow-form">
      {showMessages && <FlowMessages messages={formMessages({ ...ui, nodes })} />}
      {nodes.filter(isHidden).map((node, index) => (
        <input key={`hidden-${index}`} type="hidden" name={node.attributes.name} value={String(node.attributes.value ?? '')} />
      ))}
      {nodes.map((node, index) => {
        const key = `${node.group}-${index}`;
        switch (node.attributes.node_type) {
          case 'input':
            if (isHidden(node) || isSubmit(node) || isTrigger(node) || isMessageCarrier(node) || !isInput(node)) return null;
            return <FlowField key={key} node={node} id={`${prefix}-${node.attributes.name}`} hint={hints[node.attributes.name]} />;
          case 'text':
            return <FlowText key={key} node={node as UiNode & { attributes: typeof node.attributes }} />;
          case 'img':
            return <FlowImage key={key} node={node as UiNode & { attributes: typeof node.attributes }} />;
          case 'a':
            return <FlowAnchor key={key} node={node as UiNode & { attributes: typeof node.attributes }} />;
          case 'script':
            return <FlowScript key={key} node={node as UiNode & { attributes: typeof node.attributes }} />;
        }
      })}
      {(primary || resends.length > 0) && (
        <div className="flow-form__actions">
          {primary && <FlowButton node={primary} variant="primary" label={labelFor(primary)} />}
          {resends.map((node, index) => (
            <FlowButton key={`resend-${index}`} node={node} variant="quiet" label={labelFor(node)} />
          ))}
        </div>
      )}
      {alternatives.length > 0 && (
        <div className="flow-form__alternatives">
          {primary && (
            <p className="flow-form__or">
              <span>or</span>
            </p>
          )}
          {alternatives.map((node, index) => (
            <FlowButton key={`alternative-${index}`} node={node} variant="secondary" label={labelFor(node)} />
          ))}
        </div>
      )}
    </Element>
  );
}
