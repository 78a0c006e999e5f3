# Shared by scripts/install and scripts/uninstall: what goes where under a prefix.
# Each line: the file in the package, then its place under $DESTDIR$PREFIX.
installed_files() {
  cat <<FILES
.build/${CONFIGURATION}/objsh bin/objsh
man/objsh.1 share/man/man1/objsh.1
completions/objsh.bash share/bash-completion/completions/objsh
completions/_objsh share/zsh/site-functions/_objsh
completions/objsh.fish share/fish/vendor_completions.d/objsh.fish
FILES
}
