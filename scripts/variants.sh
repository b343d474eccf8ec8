#!/bin/sh
# Prints the Makefile fragment that declares every strategy variant.
# A strategy is a folder strategies/NAME/ holding .c files; folders whose name starts with '_' are shared code
# (strategies/_common) or templates and are skipped. Its base variant is NAME; each non-comment line
# "SUFFIX FLAGS..." of strategies/NAME/variants adds the variant NAME-SUFFIX built with FLAGS, and a line
# "test:SUFFIX FLAGS..." a variant built for the tests only (no bench binary).
# Where variants differ by whole functions, not constants, they differ by source sets: a word "@SET" among the
# flags names a folder, strategies/NAME/SET/ or else strategies/_common/SET/, whose .c files (and tests/*.c) the
# variant compiles and whose headers it includes. The line "base @SET..." names the base variant's sets, which
# every variant naming none of its own compiles too. A variant's sets are printed as NAME-SUFFIX_SETS, paths
# under strategies/.
# The base line may also give constants, "-DNAME=VALUE" only: the base variant's, which every line that does not
# define NAME itself compiles too, so that the code has one value of each constant per variant and needs no default.
# Every strategy also gets two test-only variants with narrow limits, so that what takes billions of operations
# at full width happens within a few thousand: 4-bit versions that wrap (NAME-wrap4, as EnTT) or retire their
# index (NAME-retire4, as Shipyard), both with an index space of 2^14 entities. NAME-retire4 compiles the set
# versions-retire of _common/ in place of its default, and its flag ESB_RETIRE_EXHAUSTED tells the conformance
# tests (and a design with an entity index of its own) that exhausted indices retire.
# A name becomes a make target, a file name and a CSV field: lower-case letters, digits and inner hyphens only, and
# none of the programs the suite builds for itself (bench-raw, test-common, bench-paired-L, the units folder) or a
# narrow variant's suffix, nor a name another folder declares (a folder sparse-view beside sparse's view variant).
# A name that breaks this gives the fragment a make error naming the folder, so that make stops before anything is
# built.
set -eu
cd "$(dirname "$0")/.."
refuse() { # NAME WHY (what make cannot print as written becomes '?')
    printf '$(error %s)\n' "$(printf 'strategies/%s: %s' "$1" "$2" | tr -c "a-zA-Z0-9._ ~,:'/@-" '?')"
}
# The source sets among a line's words, as paths under strategies/ (strategy NAME's own folder first), or a
# refusal ("!WHY") naming the first word that names no folder.
sets_of() { # LINE-NAME WORDS...
    line=$1 found=
    shift
    for word in "$@"; do
        case "$word" in @*) ;; *) continue ;; esac
        folder=${word#@}
        if ! printf '%s' "$folder" | grep -Eqx '[a-z0-9]+(-[a-z0-9]+)*' || [ "$folder" = tests ]; then
            echo "!the source set '$word' of '$line' is not a folder name: lower-case letters, digits and inner hyphens"
            return
        fi
        if [ -d "strategies/$name/$folder" ]; then
            found="$found$name/$folder "
        elif [ -d "strategies/_common/$folder" ]; then
            found="${found}_common/$folder "
        elif [ "$name" = _common ]; then
            echo "!the source set '$word' of '$line' is no folder strategies/_common/$folder/"
            return
        else
            echo "!the source set '$word' of '$line' is neither strategies/$name/$folder/ nor strategies/_common/$folder/"
            return
        fi
    done
    printf '%s' "$found"
}
flags_of() { # WORDS...: the words that are not sets
    for word in "$@"; do case "$word" in @*) ;; *) printf '%s ' "$word" ;; esac; done
}
# A line's flags, then each of the base line's constants whose name none of them defines.
with_base_flags() { # FLAGS...
    result="$*"
    for constant in $base_flags; do
        macro=${constant#-D}
        macro=${macro%%=*}
        case " $* " in *" -D$macro "* | *" -D$macro="*) ;; *) result="$result $constant" ;; esac
    done
    printf '%s' "${result# }"
}
# The sets every variant compiles but where it names another of the same family: the base line of
# strategies/_common/variants. A set's family is its name up to its first hyphen (table-soa, table-aos: table).
with_common_defaults() { # SETS...: them, then each default of _common/ whose family none of them is of
    result="$*"
    for default in $common_sets; do
        family=$(basename "$default" | sed 's/-.*//')
        case " $* " in *" _common/$family-"* | *" _common/$family "*) ;; *) result="$result $default" ;; esac
    done
    printf '%s' "${result# }"
}
common_sets=
if [ -f strategies/_common/variants ]; then
    name=_common
    # shellcheck disable=SC2046 # the line's words, as the variants file separates them
    common_sets=$(sets_of base $(sed -e 's/#.*//' strategies/_common/variants | awk '$1 == "base"' | head -n 1))
    case "$common_sets" in !*) refuse _common/variants "${common_sets#!}"; common_sets= ;; esac
fi
common_sets=${common_sets% }
printf 'COMMON_SETS := %s\n' "$common_sets"
declare_all() {
for dir in strategies/*/; do
    name=$(basename "$dir")
    case "$name" in _*) continue ;; esac
    ls "$dir"*.c >/dev/null 2>&1 || continue
    if ! printf '%s' "$name" | grep -Eqx '[a-z][a-z0-9]*(-[a-z0-9]+)*'; then
        refuse "$name" "a strategy's folder name is lower-case letters, digits and inner hyphens, as it names make targets, files and CSV fields"
        continue
    fi
    case "$name" in
    raw | common | paired | units | obj | main | *-wrap4 | *-retire4)
        refuse "$name" "the suite uses this name for its own programs or variants, choose another"
        continue ;;
    esac
    base_sets= base_flags=
    if [ -f "$dir/variants" ]; then
        base_line=$(sed -e 's/#.*//' "$dir/variants" | awk '$1 == "base"' | head -n 1)
        if [ -n "$base_line" ]; then
            # shellcheck disable=SC2086 # the line's words, as the variants file separates them
            base_sets=$(sets_of base $base_line)
            # shellcheck disable=SC2086
            base_flags=$(flags_of $base_line | sed 's/^base //')
            base_flags=${base_flags% }
            # shellcheck disable=SC2086
            if printf '%s\n' $base_flags | grep -Evqx '(-D[A-Za-z_][A-Za-z0-9_]*=[^ ]+)?'; then
                refuse "$name/variants" "the base line's flags are constants, each -DNAME with the base variant's value"
                continue
            fi
        fi
    fi
    case "$base_sets" in !*) refuse "$name/variants" "${base_sets#!}"; continue ;; esac
    # shellcheck disable=SC2086 # the sets, one word each
    retire_sets=$(with_common_defaults ${base_sets% } _common/versions-retire)
    # shellcheck disable=SC2086
    base_sets=$(with_common_defaults ${base_sets% })
    printf 'VARIANTS += %s\n%s_DIR := %s\n%s_FLAGS := %s\n%s_SETS := %s\n' "$name" "$name" "$name" "$name" \
        "$base_flags" "$name" "$base_sets"
    narrow=$(with_base_flags -DESB_VERSION_BITS=4 -DESB_INDEX_LIMIT=16384)
    printf 'TEST_VARIANTS += %s-wrap4\n%s-wrap4_DIR := %s\n%s-wrap4_FLAGS := %s\n%s-wrap4_SETS := %s\n' \
        "$name" "$name" "$name" "$name" "$narrow" "$name" "$base_sets"
    printf 'TEST_VARIANTS += %s-retire4\n%s-retire4_DIR := %s\n%s-retire4_FLAGS := %s -DESB_RETIRE_EXHAUSTED\n' \
        "$name" "$name" "$name" "$name" "$narrow"
    printf '%s-retire4_SETS := %s\n' "$name" "$retire_sets"
    [ -f "$dir/variants" ] || continue
    sed -e 's/#.*//' "$dir/variants" | while read -r suffix words; do
        [ -n "$suffix" ] && [ "$suffix" != base ] || continue
        list=VARIANTS
        case "$suffix" in test:*) list=TEST_VARIANTS suffix=${suffix#test:} ;; esac
        if ! printf '%s' "$suffix" | grep -Eqx '[a-z0-9]+(-[a-z0-9]+)*'; then
            refuse "$name/variants" "the suffix '$suffix' is not lower-case letters, digits and inner hyphens"
            continue
        fi
        # shellcheck disable=SC2086
        sets=$(sets_of "$suffix" $words)
        case "$sets" in !*) refuse "$name/variants" "${sets#!}"; continue ;; esac
        sets=${sets% }
        if [ -n "$sets" ]; then
            # shellcheck disable=SC2086
            sets=$(with_common_defaults $sets)
        else
            sets=$base_sets
        fi
        # shellcheck disable=SC2086
        flags=$(with_base_flags $(flags_of $words))
        printf '%s += %s-%s\n%s-%s_DIR := %s\n%s-%s_FLAGS := %s\n%s-%s_SETS := %s\n' \
            "$list" "$name" "$suffix" "$name" "$suffix" "$name" "$name" "$suffix" "${flags% }" \
            "$name" "$suffix" "$sets"
    done
done
}
fragment=$(declare_all)
printf '%s\n' "$fragment"
# A variant declared twice (a folder named like another strategy's NAME-SUFFIX variant) would build whichever
# definition make read last: refused, naming the folder whose name is taken, or else the second declaration.
printf '%s\n' "$fragment" | awk '
    / := / && $1 ~ /_DIR$/ { v = substr($1, 1, length($1) - 4); if (v in dir) print v, dir[v], $3; else dir[v] = $3 }' |
    while read -r variant first second; do
        folder=$second
        [ "$first" = "$variant" ] && folder=$first
        refuse "$folder" "the variant $variant is declared by strategies/$first/ and by strategies/$second/: a folder's name must not be another strategy's variant"
    done
