import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  root: fromHere('.'),
  plugins: [
    // The router plugin must run before react() so that code splitting sees the untransformed routes.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromHere('./src/routes'),
      generatedRouteTree: fromHere('./src/routeTree.gen.ts'),
    }),
    react(),
    tailwindcss(),
  ],
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // src/zod-config.ts must run before any schema is built; sharing zod's chunk guarantees it
          // (a chunk that builds schemas imports this one, and it runs first).
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-config\.ts$/ }],
        },
      },
    },
  },
})
