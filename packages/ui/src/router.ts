/**
 * @marketplace/ui/router — the routing API of every front end, a Module Federation singleton.
 *
 * The shell and the remotes import routing from here, never from react-router-dom: one router context for
 * the whole page (the singleton), and only the names listed below ship. A shared package is never
 * tree-shaken (any remote might use any export), so sharing react-router-dom itself shipped all of it
 * (≈60 KB gzip before first render); here the bundler keeps only what these re-exports reach.
 * Add a name here when a front end needs it. This is the one module allowed to import react-router-dom
 * (biome.json). docs/adr/0007-front-end-federation.md.
 */
export {
  BrowserRouter,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  Route,
  type RouteObject,
  RouterProvider,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router-dom';
