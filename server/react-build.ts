/**
 * server/main.ts's first import. React's packages pick their production or development build by NODE_ENV when
 * each is first loaded, and every one must pick the same: the e-mail templates load `react/jsx-runtime` with the
 * app, the renderers (`react-dom/server`) load later, and a development JSX runtime under a production renderer
 * throws on every render ("dispatcher.getOwner is not a function": no first screen rendered, no e-mail sent).
 * So NODE_ENV defaults to production here, before any other module is evaluated; whether this is the production
 * *mode* still follows NODE_ENV as the operator set it (`OPERATOR_NODE_ENV`, read by the configuration).
 */
export const OPERATOR_NODE_ENV: string | undefined = process.env.NODE_ENV;
process.env.NODE_ENV ??= 'production';
