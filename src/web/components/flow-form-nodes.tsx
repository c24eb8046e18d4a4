// One component per kind of Kratos UI node: fields, buttons, text (TOTP secret, backup codes),
// images (TOTP QR code) and links. flow-form.tsx decides which nodes go where.
import type {
  AnchorAttributes,
  ImageAttributes,
  InputAttributes,
  ScriptAttributes,
  TextAttributes,
  UiNode,
} from '../../modules/identity/nodes.ts';
import type { UiText } from '../../modules/identity/schema.ts';
import { copyOf } from './flow-form-copy.ts';

export type InputNode = UiNode & { attributes: InputAttributes };

export function isInput(node: UiNode): node is InputNode {
  return node.attributes.node_type === 'input';
}

export function isSubmit(node: UiNode): node is InputNode {
  return isInput(node) && node.attributes.type === 'submit';
}

/** A button a provider script handles (onclickTrigger, e.g. the passkey ceremony); it never submits by itself. */
export function isTrigger(node: UiNode): node is InputNode {
  return isInput(node) && node.attributes.type === 'button';
}

export function isHidden(node: UiNode): node is InputNode {
  return isInput(node) && node.attributes.type === 'hidden';
}

/** Kratos adds an unlabelled text input to carry an error for a field the form lacks; its message belongs at the top. */
export function isMessageCarrier(node: UiNode): boolean {
  return isInput(node) && node.attributes.type === 'text' && !node.meta.label && node.messages.length > 0;
}

/** "Resend code" buttons: they must not be blocked by the code field being empty. */
export function isResend(node: InputNode): boolean {
  return node.attributes.name === 'resend' || node.meta.label?.id === 1070008;
}

const valueOf = (value: unknown): string | undefined => (value === undefined || value === null ? undefined : String(value));

export function FlowField({ node, id, hint }: { node: InputNode; id: string; hint?: string }) {
  const { name, type, value, required, disabled, autocomplete, maxlength, pattern } = node.attributes;
  const label = node.meta.label ? copyOf(node.meta.label) : name;
  const hintId = hint ? `${id}-hint` : undefined;
  const messageIds = node.messages.map((_, index) => `${id}-message-${index}`);
  const describedBy = [hintId, ...messageIds].filter(Boolean).join(' ') || undefined;
  const invalid = node.messages.some((m) => m.type === 'error');
  const numeric = pattern === '[0-9]+';
  const emailLike = type === 'email' || name === 'identifier';
  const input = (
    <input
      id={id}
      name={name}
      type={type}
      className={type === 'checkbox' ? 'field__checkbox' : numeric ? 'field__input field__input--code' : 'field__input'}
      // A password is never sent back to the page.
      defaultValue={type === 'password' || type === 'checkbox' ? undefined : valueOf(value)}
      defaultChecked={type === 'checkbox' ? value === true || value === 'true' : undefined}
      required={required}
      disabled={disabled}
      autoComplete={autocomplete}
      maxLength={maxlength}
      pattern={pattern}
      inputMode={numeric ? 'numeric' : undefined}
      autoCapitalize={emailLike ? 'none' : undefined}
      spellCheck={emailLike ? false : undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    />
  );
  return (
    <div className={type === 'checkbox' ? 'field field--checkbox' : 'field'}>
      {type === 'checkbox' && input}
      <label htmlFor={id} className="field__label">
        {label}
        {!required && type !== 'checkbox' && <span className="field__optional"> (optional)</span>}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {type !== 'checkbox' && input}
      {node.messages.map((message, index) => (
        <FieldMessage key={`${message.id}-${index}`} id={messageIds[index]!} message={message} />
      ))}
    </div>
  );
}

function FieldMessage({ id, message }: { id: string; message: UiText }) {
  return (
    <p id={id} className={`field__message field__message--${message.type}`}>
      {copyOf(message)}
    </p>
  );
}

export function FlowButton({ node, variant, label }: { node: InputNode; variant: 'primary' | 'secondary' | 'quiet'; label?: string }) {
  const { name, value, disabled, type } = node.attributes;
  const className =
    variant === 'primary'
      ? 'button flow-form__submit'
      : variant === 'secondary'
        ? 'button button--secondary flow-form__submit'
        : 'flow-form__quiet';
  const submits = type !== 'button';
  return (
    <button
      type={submits ? 'submit' : 'button'}
      name={name}
      value={valueOf(value)}
      disabled={disabled}
      className={className}
      // Only the primary action needs the fields filled in; the others (resend, another method) do not.
      formNoValidate={(submits && variant !== 'primary') || undefined}
    >
      {label ?? (node.meta.label ? copyOf(node.meta.label) : 'Continue')}
    </button>
  );
}

/** A provider script (webauthn.js): same-origin, so the page's CSP allows it. */
export function FlowScript({ node }: { node: UiNode & { attributes: ScriptAttributes } }) {
  const { id, src, async, type } = node.attributes;
  return <script id={id} src={src} async={async} type={type || undefined} />;
}

export function FlowText({ node }: { node: UiNode & { attributes: TextAttributes } }) {
  const { id, text } = node.attributes;
  const label = node.meta.label ? copyOf(node.meta.label) : null;
  const secrets = text.context?.secrets;
  if (Array.isArray(secrets)) {
    // Backup codes: a list, so each code reads (and copies) on its own.
    return (
      <div className="flow-text">
        {label && (
          <p className="flow-text__label" id={`${id}-label`}>
            {label}
          </p>
        )}
        <ul className="flow-codes" id={id} aria-labelledby={label ? `${id}-label` : undefined}>
          {secrets.map((secret) => (
            <li key={String(secret)}>
              <code>{String(secret)}</code>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className="flow-text">
      {label && <p className="flow-text__label">{label}</p>}
      <p>
        <code className="flow-secret" id={id}>
          {copyOf(text)}
        </code>
      </p>
    </div>
  );
}

export function FlowImage({ node }: { node: UiNode & { attributes: ImageAttributes } }) {
  const { id, src, width, height } = node.attributes;
  return (
    <div className="flow-image">
      <img id={id} src={src} width={width} height={height} alt={node.meta.label ? copyOf(node.meta.label) : ''} />
    </div>
  );
}

export function FlowAnchor({ node }: { node: UiNode & { attributes: AnchorAttributes } }) {
  const { id, href, title } = node.attributes;
  return (
    <p className="flow-form__actions">
      <a id={id} href={href} className="button">
        {copyOf(title)}
      </a>
    </p>
  );
}
