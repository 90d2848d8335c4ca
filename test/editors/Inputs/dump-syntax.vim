" Writes each line of the buffer to $DUMP, each word with the syntax groups
" at its start: LINE: WORD{GROUP,...} ...
let s:out = []
for l in range(1, line('$'))
  let text = getline(l)
  let items = []
  let c = 1
  while c <= len(text)
    if text[c - 1] !~ '\s' && (c == 1 || text[c - 2] =~ '\s')
      let names = map(synstack(l, c), 'synIDattr(v:val, "name")')
      call add(items, matchstr(text[c - 1:], '^\S*') . '{' . join(names, ',') . '}')
    endif
    let c += 1
  endwhile
  call add(s:out, l . ': ' . join(items, ' '))
endfor
call writefile(s:out, $DUMP)
