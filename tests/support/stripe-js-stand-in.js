// Served in place of https://js.stripe.com/… in end-to-end tests (routed by Playwright, so the page's
// content security policy still applies as it would to Stripe's own script). It implements the part of
// Stripe.js that @stripe/react-stripe-js and the subscribe page use: elements, a Payment Element with
// one labelled card-number field in the page, and confirmPayment, which succeeds for Stripe's test
// card 4242 4242 4242 4242 and declines any other number. What the page asked for is kept in
// window.__stripeStandIn for the test to read.
(() => {
  const SUCCEEDING_CARD = '4242424242424242';
  const record = { keys: [], elements: [], confirmations: [] };
  window.__stripeStandIn = record;

  function createPaymentElement() {
    const handlers = {};
    let container = null;
    const emit = (event, payload) => {
      for (const handler of handlers[event] ?? []) handler(payload);
    };
    return {
      mount(target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        container.replaceChildren();
        const label = document.createElement('label');
        label.textContent = 'Card number';
        label.style.display = 'grid';
        label.style.gap = '6px';
        const input = document.createElement('input');
        input.autocomplete = 'cc-number';
        input.inputMode = 'numeric';
        input.style.padding = '10px';
        label.append(input);
        container.append(label);
        setTimeout(() => emit('ready', { elementType: 'payment' }), 0);
      },
      on(event, handler) {
        handlers[event] = [...(handlers[event] ?? []), handler];
        return this;
      },
      off(event, handler) {
        handlers[event] = (handlers[event] ?? []).filter((candidate) => candidate !== handler);
        return this;
      },
      update() {},
      focus() {},
      blur() {},
      clear() {},
      unmount() {
        container?.replaceChildren();
      },
      destroy() {
        container?.replaceChildren();
      },
      cardNumber() {
        return (container?.querySelector('input')?.value ?? '').replace(/\s+/g, '');
      },
    };
  }

  window.Stripe = function Stripe(publishableKey) {
    record.keys.push(publishableKey);
    const created = [];
    return {
      _registerWrapper() {},
      registerAppInfo() {},
      createToken: async () => ({}),
      createPaymentMethod: async () => ({}),
      confirmCardPayment: async () => ({}),
      elements(options = {}) {
        record.elements.push({ clientSecret: options.clientSecret ?? null });
        return {
          create(type) {
            const element = createPaymentElement(type);
            created.push(element);
            return element;
          },
          getElement: () => created.at(-1) ?? null,
          update() {},
          submit: async () => ({}),
          fetchUpdates: async () => ({}),
        };
      },
      async confirmPayment({ confirmParams, redirect }) {
        const cardNumber = created.at(-1)?.cardNumber() ?? '';
        record.confirmations.push({ returnUrl: confirmParams?.return_url ?? null, redirect, cardNumber });
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (cardNumber === SUCCEEDING_CARD) {
          return { paymentIntent: { id: 'pi_stand_in', object: 'payment_intent', status: 'succeeded' } };
        }
        return {
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        };
      },
    };
  };
})();
