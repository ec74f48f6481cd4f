import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig } from '@rspack/cli';
import { type Compiler, rspack } from '@rspack/core';

const isProd = process.env.NODE_ENV !== 'development';
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

/**
 * Writes `name.br` and `name.gz` beside every text asset over 1 KB, at the highest levels, once per build: the server
 * sends them as they are (@fastify/static `preCompressed`), so no request pays for compression.
 */
class PrecompressPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [name, asset] of Object.entries(assets)) {
            if (!/\.(js|css|html|svg|json|txt)$/.test(name)) continue;
            const source = asset.buffer();
            if (source.length < 1024) continue;
            const br = brotliCompressSync(source, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
            });
            compilation.emitAsset(`${name}.br`, new rspack.sources.RawSource(br));
            compilation.emitAsset(`${name}.gz`, new rspack.sources.RawSource(gzipSync(source, { level: 9 })));
          }
        },
      );
    });
  }
}

export default defineConfig({
  mode: isProd ? 'production' : 'development',
  entry: { main: './src/ui/main.tsx' },
  output: {
    path: new URL('./dist', import.meta.url).pathname,
    filename: isProd ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
    chunkFilename: isProd ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
    cssFilename: isProd ? 'static/css/[name].[contenthash:10].css' : 'static/css/[name].css',
    cssChunkFilename: isProd ? 'static/css/[name].[contenthash:10].css' : 'static/css/[name].css',
    assetModuleFilename: 'static/media/[name].[contenthash:10][ext]',
    publicPath: '/',
    clean: true,
  },
  resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
  devtool: isProd ? 'source-map' : 'eval-cheap-module-source-map',
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true, decorators: true },
            transform: {
              legacyDecorator: true,
              decoratorMetadata: false,
              react: { runtime: 'automatic', development: !isProd, refresh: false },
            },
            target: 'es2022',
          },
        },
        type: 'javascript/auto',
      },
      { test: /\.css$/, type: 'css/auto' },
      { test: /\.(svg|png|webp|woff2?)$/, type: 'asset/resource' },
    ],
  },
  plugins: [
    new rspack.HtmlRspackPlugin({ template: './src/ui/index.html', inject: 'body', scriptLoading: 'defer' }),
    new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(isProd ? 'production' : 'development') }),
    ...(isProd ? [new PrecompressPlugin()] : []),
  ],
  optimization: {
    splitChunks: { chunks: 'all' },
  },
  performance: { hints: false },
  devServer: {
    port: 5173,
    hot: true,
    historyApiFallback: true,
    proxy: [{ context: ['/api', '/files', '/media'], target: apiTarget }],
  },
});
