// A stand-in for Recurly.js v4 (https://js.recurly.com/v4/recurly.js) in the browser tests (decision 039):
// the part of its API that @recurly/react-recurly calls, and nothing leaves the machine. The spec serves it
// at BILLING_SCRIPT_URL. What it does as Recurly.js does: `new recurly.Recurly()`, `configure({ publicKey })`,
// `ready`, `Elements()` with a `CardElement` (here three labelled inputs instead of Recurly's frame),
// `token(elements, customer, done)` checking the card and the names the way Recurly.js reports them
// ({ code: 'validation', fields: [...] }), and `Risk().ThreeDSecure({ actionTokenId })` whose challenge the
// test answers. A token names the card's first six and last four digits and its expiry, never the whole
// number, so the API stand-in (recurly-api-stand-in.mjs) can answer as Recurly would for that card.
/* global window, document */
(function () {
  'use strict';

  class Emitter {
    constructor() {
      this.handlers = {};
    }
    on(event, handler) {
      (this.handlers[event] = this.handlers[event] || []).push(handler);
      return this;
    }
    emit(event, ...args) {
      for (const handler of this.handlers[event] || []) handler(...args);
    }
  }

  function recurlyError(code, message, fields) {
    const error = new Error(message);
    error.name = code;
    error.code = code;
    error.classification = 'client';
    if (fields) {
      error.fields = fields;
      error.details = fields.map((field) => ({ field, messages: ['is invalid'] }));
    }
    return error;
  }

  function luhn(digits) {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let digit = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    return sum % 10 === 0;
  }

  let fieldCount = 0;

  class CardElement extends Emitter {
    constructor(elements) {
      super();
      this.elements = elements;
      this.inputs = null;
      this.wrapper = null;
    }
    configure() {
      return this;
    }
    attach(container) {
      const id = `standin-card-${++fieldCount}`;
      const wrapper = document.createElement('div');
      wrapper.className = 'standin-card';
      wrapper.style.display = 'flex';
      const make = (name, label, autocomplete, size) => {
        const input = document.createElement('input');
        input.id = `${id}-${name}`;
        input.type = 'text';
        input.inputMode = name === 'expiry' ? 'text' : 'numeric';
        input.autocomplete = autocomplete;
        input.size = size;
        input.setAttribute('aria-label', label);
        input.style.flex = name === 'number' ? '3 1 0' : '1 1 0';
        input.style.minWidth = '0';
        input.style.minHeight = '46px';
        input.style.padding = '0 12px';
        input.style.border = '0';
        input.style.font = 'inherit';
        input.style.background = 'transparent';
        input.addEventListener('input', () => this.emit('change', this.state()));
        input.addEventListener('focus', () => this.emit('focus'));
        input.addEventListener('blur', () => this.emit('blur'));
        input.addEventListener('keydown', (event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            this.emit('submit', this);
            this.elements.emit('submit', this);
          }
        });
        wrapper.append(input);
        return input;
      };
      this.inputs = {
        number: make('number', 'Card number', 'cc-number', 19),
        expiry: make('expiry', 'Expiry date', 'cc-exp', 5),
        cvv: make('cvv', 'Security code', 'cc-csc', 4),
      };
      this.wrapper = wrapper;
      container.append(wrapper);
      setTimeout(() => this.emit('attach', this), 0);
      return this;
    }
    state() {
      const number = (this.inputs?.number.value || '').replace(/\D/g, '');
      return {
        valid: false,
        empty: number.length === 0,
        focus: false,
        brand: 'unknown',
        firstSix: number.slice(0, 6),
        lastFour: number.slice(-4),
      };
    }
    focus() {
      this.inputs?.number.focus();
      return this;
    }
    destroy() {
      this.wrapper?.remove();
      this.wrapper = null;
      return this;
    }
  }

  class Elements extends Emitter {
    constructor(recurly) {
      super();
      this.recurly = recurly;
      this.elements = [];
    }
    CardElement(options) {
      const element = new CardElement(this, options);
      this.elements.push(element);
      return element;
    }
  }

  class ThreeDSecure extends Emitter {
    constructor(recurly, { actionTokenId }) {
      super();
      this.actionTokenId = actionTokenId;
    }
    attach(container) {
      const box = document.createElement('div');
      box.className = 'standin-three-d-secure';
      const text = document.createElement('p');
      text.textContent = 'Stand-in bank: confirm this payment.';
      const ok = document.createElement('button');
      ok.type = 'button';
      ok.textContent = 'Confirm with the stand-in bank';
      const fail = document.createElement('button');
      fail.type = 'button';
      fail.textContent = 'Refuse at the stand-in bank';
      ok.addEventListener('click', () => {
        box.remove();
        this.emit('token', { type: 'three_d_secure_action_result', id: `standin-3ds-result-${this.actionTokenId}` });
      });
      fail.addEventListener('click', () => {
        box.remove();
        this.emit('error', recurlyError('3ds-auth-error', 'The stand-in bank refused the authentication.'));
      });
      box.append(text, ok, fail);
      container.append(box);
      setTimeout(() => this.emit('ready'), 0);
    }
  }

  class Recurly extends Emitter {
    constructor() {
      super();
      this.config = {};
      this.configured = false;
    }
    configure(options) {
      this.config = { ...this.config, ...(typeof options === 'string' ? { publicKey: options } : options) };
      this.configured = Boolean(this.config.publicKey);
    }
    ready(done) {
      setTimeout(done, 0);
    }
    Elements() {
      return new Elements(this);
    }
    Risk() {
      return { ThreeDSecure: (options) => new ThreeDSecure(this, options) };
    }
    token(elements, customer, done) {
      const answer = (error, token) => setTimeout(() => done(error, token), 50);
      if (!this.configured) return answer(recurlyError('not-configured', 'Not configured. You must first call recurly.configure().'));
      const card = elements.elements[0];
      if (!card?.inputs) return answer(recurlyError('elements-tokenization-not-possible', 'No card element is attached.'));
      const missing = ['first_name', 'last_name'].filter((field) => !(customer?.[field] ?? '').trim());
      if (missing.length) return answer(recurlyError('validation', 'There was an error validating your request.', missing));
      const number = card.inputs.number.value.replace(/[\s-]/g, '');
      const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.inputs.expiry.value);
      const cvv = card.inputs.cvv.value.trim();
      const fields = [];
      if (!/^\d{13,19}$/.test(number) || !luhn(number)) fields.push('number');
      const month = expiry ? Number(expiry[1]) : 0;
      const year = expiry ? Number(expiry[2].length === 2 ? `20${expiry[2]}` : expiry[2]) : 0;
      const now = new Date();
      if (!expiry || month < 1 || month > 12 || year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1)
        fields.push('month', 'year');
      if (!/^\d{3,4}$/.test(cvv)) fields.push('cvv');
      if (fields.length) return answer(recurlyError('validation', 'There was an error validating your request.', fields));
      const random = Math.random().toString(36).slice(2, 10);
      answer(null, {
        type: 'credit_card',
        id: `standin-${number.slice(0, 6)}-${number.slice(-4)}-${String(month).padStart(2, '0')}${year}-${random}`,
      });
    }
  }

  const recurly = new Recurly();
  recurly.Recurly = Recurly;
  recurly.version = 'stand-in';
  window.recurly = recurly;
})();
