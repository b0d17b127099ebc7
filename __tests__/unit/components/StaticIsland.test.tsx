import type { NextRouter } from 'next/router';
import type { Root } from 'react-dom/client';

/**
 * An island hydrated over the server's HTML of a page, then rendered again as the page changes:
 * the server's list is kept untouched (React never owns it) until the path or the content key
 * moves on, and then React's own list replaces it (never both). Each test loads its own copy of
 * the modules: an app hydrates once.
 */

type Modules = {
  act: typeof import('react').act;
  hydrateRoot: typeof import('react-dom/client').hydrateRoot;
  renderToString: typeof import('react-dom/server').renderToString;
  RouterContext: typeof import('next/dist/shared/lib/router-context.shared-runtime').RouterContext;
  island: typeof import('@/components/ui/StaticIsland');
};

let modules: Modules;

// Tells React that act() is in use (testing-library's render sets it; these tests use React directly).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

async function loadModules(): Promise<Modules> {
  let loaded: Modules | undefined;
  await jest.isolateModulesAsync(async () => {
    const [react, client, server, routerContext, island] = await Promise.all([
      import('react'),
      import('react-dom/client'),
      import('react-dom/server'),
      import('next/dist/shared/lib/router-context.shared-runtime'),
      import('@/components/ui/StaticIsland'),
    ]);
    loaded = { act: react.act, hydrateRoot: client.hydrateRoot, renderToString: server.renderToString, RouterContext: routerContext.RouterContext, island };
  });
  return loaded!;
}

function routerAt(asPath: string, push: jest.Mock = jest.fn(async () => true)): NextRouter {
  return { asPath, pathname: '/', query: {}, push, prefetch: jest.fn(async () => undefined) } as unknown as NextRouter;
}

function List({ items }: { items: string[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>
          <a href={`/${item}`}>{item}</a>
        </li>
      ))}
    </ul>
  );
}

function App({ router, contentKey, items }: { router: NextRouter; contentKey?: string; items: string[] }) {
  const { RouterContext, island } = modules;
  const { StaticIsland } = island;
  island.useEndOfFirstHydration();
  return (
    <RouterContext.Provider value={router}>
      <StaticIsland className="list" contentKey={contentKey}>
        <List items={items} />
      </StaticIsland>
    </RouterContext.Provider>
  );
}

const owned = (element: Element | null) => element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));

describe('StaticIsland', () => {
  let container: HTMLDivElement;
  let root: Root;

  const act = (work: () => unknown) => modules.act(work as () => void);
  const hydrateRoot: Modules['hydrateRoot'] = (...args) => modules.hydrateRoot(...args);

  beforeEach(async () => {
    modules = await loadModules();
    const { renderToString } = modules;
    container = document.createElement('div');
    document.body.append(container);
    // What the server sends (jsdom has a window, so the island itself cannot stand in for the server).
    container.innerHTML = renderToString(
      <div className="list">
        <List items={['a', 'b']} />
      </div>,
    );
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  it('keeps the server list as it is, its links followed by the router', async () => {
    const push = jest.fn(async () => true);
    const serverList = container.querySelector('ul');
    await act(async () => {
      root = hydrateRoot(container, <App router={routerAt('/', push)} contentKey="page-1" items={['a', 'b']} />);
    });
    expect(container.querySelector('ul')).toBe(serverList);
    expect(owned(container.querySelector('.list'))).toBe(true);
    expect(owned(container.querySelector('a'))).toBe(false);
    expect(container.textContent).toBe('ab');

    act(() => container.querySelector('a')?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })));
    expect(push).toHaveBeenCalledWith('/a');
  });

  it('becomes plain React when the content key changes, the server list replaced', async () => {
    await act(async () => {
      root = hydrateRoot(container, <App router={routerAt('/')} contentKey="page-1" items={['a', 'b']} />);
    });
    act(() => root.render(<App router={routerAt('/')} contentKey="page-2" items={['c', 'd']} />));
    expect(container.textContent).toBe('cd');
    expect(container.querySelectorAll('ul')).toHaveLength(1);
    expect(owned(container.querySelector('a'))).toBe(true);
    // Back to the first key: React keeps its own list, never the emptied server one.
    act(() => root.render(<App router={routerAt('/')} contentKey="page-1" items={['a', 'b']} />));
    expect(container.textContent).toBe('ab');
  });

  it('becomes plain React on another page', async () => {
    await act(async () => {
      root = hydrateRoot(container, <App router={routerAt('/')} contentKey="page-1" items={['a', 'b']} />);
    });
    act(() => root.render(<App router={routerAt('/other')} contentKey="page-1" items={['e']} />));
    expect(container.textContent).toBe('e');
    expect(owned(container.querySelector('a'))).toBe(true);
  });
});
