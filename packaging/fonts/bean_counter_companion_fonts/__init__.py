"""Data only: Noto font slices for Bean Counter's web client (``<family>/<version>/<slice>.woff2``),
with LICENSE.txt and SOURCES.txt. companion/web/fonts.py finds this folder and serves its files."""
