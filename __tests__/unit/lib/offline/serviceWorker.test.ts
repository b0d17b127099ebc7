import { watchServiceWorker } from '@/lib/offline/serviceWorker';

class FakeWorker extends EventTarget {
  state = 'installing';
  messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  install() {
    this.state = 'installed';
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  update = jest.fn(async () => undefined);
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

function container(controlled: boolean, registration: FakeRegistration) {
  const fake = Object.assign(new EventTarget(), {
    controller: controlled ? {} : null,
    register: jest.fn(async () => registration),
  });
  return fake as unknown as ServiceWorkerContainer & { register: jest.Mock };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('watchServiceWorker', () => {
  it('registers /sw.js for the whole site', async () => {
    const registration = new FakeRegistration();
    const sw = container(false, registration);
    const stop = watchServiceWorker(jest.fn(), sw, jest.fn());
    await settle();
    expect(sw.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    stop();
  });

  it('offers a new version once installed, and takes over and reloads only when asked', async () => {
    const registration = new FakeRegistration();
    const sw = container(true, registration);
    const reload = jest.fn();
    const offers: (() => void)[] = [];
    const stop = watchServiceWorker((takeOver) => offers.push(takeOver), sw, reload);
    await settle();
    const worker = new FakeWorker();
    registration.found(worker);
    expect(offers).toHaveLength(0);
    worker.install();
    expect(offers).toHaveLength(1);
    expect(worker.messages).toEqual([]);

    offers[0]();
    expect(worker.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    sw.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('offers a version already waiting when the page opens', async () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker();
    const onUpdate = jest.fn();
    const stop = watchServiceWorker(onUpdate, container(true, registration), jest.fn());
    await settle();
    expect(onUpdate).toHaveBeenCalledTimes(1);
    stop();
  });

  it('offers nothing for the first worker of a visitor (no page is controlled yet)', async () => {
    const registration = new FakeRegistration();
    const onUpdate = jest.fn();
    const stop = watchServiceWorker(onUpdate, container(false, registration), jest.fn());
    await settle();
    const worker = new FakeWorker();
    registration.found(worker);
    worker.install();
    expect(onUpdate).not.toHaveBeenCalled();
    stop();
  });

  it('does nothing where there are no service workers (development, old browsers)', () => {
    const onUpdate = jest.fn();
    expect(() => watchServiceWorker(onUpdate, null)()).not.toThrow();
    expect(onUpdate).not.toHaveBeenCalled();
  });
});
